import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { toEdl } from "../edl";
import { toFcpxml } from "../fcpxml";
import { toOtio } from "../otio";
import { timelineDurationFrames, type TimelineSequence } from "../sequence";
import { animatic, longAnimatic } from "./sequences";

/**
 * `npm run check:otio`: OpenTimelineIO itself reads the three exports back (issues 14 and 32). Its Python
 * packages are not reachable on the offline machines the test suite runs on (see
 * /work/shared/notes/opentimelineio.md for building them), so this is a script that fails loudly without them
 * rather than a test that would be skipped. The suite's own readers (testing/read*.ts) check the same clips,
 * order and durations everywhere.
 *
 * What is asserted, per file:
 * - .otio: every clip, and each track's length, exact at 24, 25, 23.976 and 29.97 fps.
 * - .edl: the same, clips named by their media file; the audio track's length is the end of the last line
 *   (the reader hides as many frames at a track's end as the track's first event starts after 0).
 * - .fcpxml (otio-fcpx-xml-adapter): clips named by shot label, with no media (the adapter reads <asset src>,
 *   which FCPXML 1.9+ moved to <media-rep>: its limit, not the file's), and each track's length. Exact at
 *   24 fps. At 25 fps the adapter's float arithmetic (int(a / b * fps)) reads some frame-exact times one
 *   frame short; those are counted and printed, and the same file is read again with exact fractions
 *   (readBack.py --exact-fcpx-times), which must match exactly. At 23.976 and 29.97 fps the adapter
 *   truncates the rate to 23 and 29, so what it reads is only printed.
 */

const SCRIPT = fileURLToPath(new URL("./readBack.py", import.meta.url));
const python = (args: string[]) => spawnSync("python3", args, { encoding: "utf8", timeout: 120_000 });

interface OtioClip {
  name: string;
  kind: string;
  record_in_frames: number;
  duration_frames: number;
  source_in_frames: number;
  target_url: string | null;
}
interface OtioTrack {
  kind: string;
  duration_frames: number;
}
type OtioResult =
  | { file: string; clips: OtioClip[]; tracks: OtioTrack[]; error?: undefined }
  | { file: string; error: string; clips?: undefined; tracks?: undefined };
type Format = "otio" | "fcpxml" | "edl";

function readBack(seq: TimelineSequence, options: { exactFcpxTimes?: boolean } = {}): Record<Format, OtioResult> {
  const dir = mkdtempSync(join(tmpdir(), "reelgraph-timeline-"));
  try {
    const files = { otio: join(dir, "timeline.otio"), fcpxml: join(dir, "timeline.fcpxml"), edl: join(dir, "timeline.edl") };
    writeFileSync(files.otio, toOtio(seq));
    writeFileSync(files.fcpxml, toFcpxml(seq));
    writeFileSync(files.edl, toEdl(seq));
    const flags = [...(seq.ntsc ? ["--ntsc"] : []), ...(options.exactFcpxTimes ? ["--exact-fcpx-times"] : [])];
    const run = python([SCRIPT, "--fps", String(seq.fps), ...flags, files.otio, files.fcpxml, files.edl]);
    assert.equal(run.status, 0, run.stderr);
    const [otio, fcpxml, edl] = (JSON.parse(run.stdout) as { results: OtioResult[] }).results;
    return { otio: otio!, fcpxml: fcpxml!, edl: edl! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Naming = "shot label" | "media file name";

function expectedClips(seq: TimelineSequence, naming: Naming, media: "path" | "none"): OtioClip[] {
  const name = (label: string, path: string) => (naming === "shot label" ? label : path.split("/").at(-1)!);
  const url = (path: string) => (media === "path" ? path : null);
  let at = 0;
  const video = seq.clips.map((clip) => {
    const read = {
      name: name(clip.name, clip.media.path),
      kind: "Video",
      record_in_frames: at,
      duration_frames: clip.durationFrames,
      source_in_frames: clip.sourceInFrames,
      target_url: url(clip.media.path),
    };
    at += clip.durationFrames;
    return read;
  });
  const audio = [...seq.audio]
    .sort((a, b) => a.startFrames - b.startFrames)
    .map((clip) => ({
      name: name(clip.name, clip.media.path),
      kind: "Audio",
      record_in_frames: clip.startFrames,
      duration_frames: clip.durationFrames,
      source_in_frames: clip.sourceInFrames,
      target_url: url(clip.media.path),
    }));
  return [...video, ...audio];
}

/** Each track's length: the shots end to end, and the end of the last line of dialogue. */
function expectedTracks(seq: TimelineSequence): OtioTrack[] {
  const video = seq.clips.reduce((sum, clip) => sum + clip.durationFrames, 0);
  return [
    { kind: "Video", duration_frames: video },
    ...(seq.audio.length ? [{ kind: "Audio", duration_frames: timelineDurationFrames({ clips: [], audio: seq.audio }) }] : []),
  ];
}

/** Video before audio, each in record order: the fcpx adapter lists lane -1 (dialogue) before lane 0. */
function inOrder<T extends { kind: string; record_in_frames?: number }>(items: readonly T[]): T[] {
  const rank = (kind: string) => (kind === "Video" ? 0 : 1);
  return [...items].sort((a, b) => rank(a.kind) - rank(b.kind) || (a.record_in_frames ?? 0) - (b.record_in_frames ?? 0));
}

function expectRead(read: OtioResult, seq: TimelineSequence, naming: Naming, media: "path" | "none"): void {
  assert.equal(read.error, undefined, read.error);
  assert.deepEqual(inOrder(read.clips!), expectedClips(seq, naming, media));
  assert.deepEqual(inOrder(read.tracks!.filter((t) => t.duration_frames > 0)), expectedTracks(seq));
}

/** The clips whose times differ from the export's. */
function differing(read: OtioResult, seq: TimelineSequence): number {
  if (read.clips === undefined) return Number.NaN;
  const expected = expectedClips(seq, "shot label", "none");
  return inOrder(read.clips).filter((clip, i) => JSON.stringify(clip) !== JSON.stringify(expected[i])).length;
}

if (python(["-c", "import opentimelineio"]).status !== 0) {
  console.error(
    "OpenTimelineIO is not installed for python3: see /work/shared/notes/opentimelineio.md (or pip install opentimelineio otio-cmx3600-adapter otio-fcpx-xml-adapter)",
  );
  process.exit(1);
}

const cases: Array<[string, TimelineSequence]> = [
  ["the sample animatic at 24 fps", animatic()],
  ["the sample animatic at 25 fps", animatic({ fps: 25 })],
  ["a 20-shot animatic at 24 fps", longAnimatic(20, 24)],
  ["a 20-shot animatic at 25 fps", longAnimatic(20, 25)],
  ["the sample animatic at 23.976 fps", animatic({ fps: 24, ntsc: true })],
  ["the sample animatic at 29.97 fps", animatic({ fps: 30, ntsc: true })],
];
for (const [label, seq] of cases) {
  const read = readBack(seq);
  expectRead(read.otio, seq, "shot label", "path");
  expectRead(read.edl, seq, "media file name", "path");
  const audioEnd = expectedTracks(seq).at(-1)!.duration_frames;
  console.log(
    `ok: ${label}: .otio and .edl read back with the same clips, order, durations and media; audio track ends at frame ${audioEnd}`,
  );

  if (seq.ntsc) {
    const off = differing(read.fcpxml, seq);
    console.log(
      `  note: .fcpxml at ${label.split(" at ")[1]}: the fcpx adapter truncates the rate to ${seq.fps - 1}; ${read.fcpxml.error ?? `${off} of ${seq.clips.length + seq.audio.length} clips read with other times`} (adapter limit, not asserted)`,
    );
    continue;
  }
  if (seq.fps === 24) {
    expectRead(read.fcpxml, seq, "shot label", "none");
    console.log(`ok: ${label}: .fcpxml read back by the fcpx adapter with the same clips, order, durations and track lengths`);
    continue;
  }
  const off = differing(read.fcpxml, seq);
  assert.equal(read.fcpxml.error, undefined, read.fcpxml.error);
  expectRead(readBack(seq, { exactFcpxTimes: true }).fcpxml, seq, "shot label", "none");
  console.log(
    `ok: ${label}: .fcpxml read back with the same clips, order, durations and track lengths when its times are read exactly; ` +
      `the adapter's own float arithmetic reads ${off} of ${seq.clips.length + seq.audio.length} clips a frame short (adapter limit)`,
  );
}
