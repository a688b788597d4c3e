import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { toEdl } from "../edl";
import { toFcpxml } from "../fcpxml";
import { toOtio } from "../otio";
import type { TimelineSequence } from "../sequence";
import { animatic, longAnimatic } from "./sequences";

/**
 * `npm run check:otio`: OpenTimelineIO itself reads the exports back (issue 14's check). The Python packages
 * (`pip install opentimelineio otio-cmx3600-adapter`) are not reachable on the offline machines the test
 * suite runs on, so this is a script that fails loudly without them rather than a test that would be skipped.
 * The suite's own readers (testing/read*.ts) check the same clips, order and durations everywhere.
 */

const SCRIPT = fileURLToPath(new URL("./readBack.py", import.meta.url));
const python = (args: string[]) => spawnSync("python3", args, { encoding: "utf8", timeout: 60_000 });

interface OtioClip {
  name: string;
  kind: string;
  record_in_frames: number;
  duration_frames: number;
  source_in_frames: number;
  target_url: string | null;
}
type OtioResult = { file: string; clips: OtioClip[]; error?: undefined } | { file: string; error: string; clips?: undefined };

function readBack(seq: TimelineSequence): Record<"otio" | "fcpxml" | "edl", OtioResult> {
  const dir = mkdtempSync(join(tmpdir(), "reelgraph-timeline-"));
  try {
    const files = { otio: join(dir, "timeline.otio"), fcpxml: join(dir, "timeline.fcpxml"), edl: join(dir, "timeline.edl") };
    writeFileSync(files.otio, toOtio(seq));
    writeFileSync(files.fcpxml, toFcpxml(seq));
    writeFileSync(files.edl, toEdl(seq));
    const run = python([SCRIPT, "--fps", String(seq.fps), ...(seq.ntsc ? ["--ntsc"] : []), files.otio, files.fcpxml, files.edl]);
    assert.equal(run.status, 0, run.stderr);
    const [otio, fcpxml, edl] = (JSON.parse(run.stdout) as { results: OtioResult[] }).results;
    return { otio: otio!, fcpxml: fcpxml!, edl: edl! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expected(seq: TimelineSequence, naming: "shot label" | "media file name"): OtioClip[] {
  const name = (label: string, path: string) => (naming === "shot label" ? label : path.split("/").at(-1)!);
  let at = 0;
  const video = seq.clips.map((clip) => {
    const read = { name: name(clip.name, clip.media.path), kind: "Video", record_in_frames: at, duration_frames: clip.durationFrames, source_in_frames: clip.sourceInFrames, target_url: clip.media.path };
    at += clip.durationFrames;
    return read;
  });
  const audio = [...seq.audio]
    .sort((a, b) => a.startFrames - b.startFrames)
    .map((clip) => ({ name: name(clip.name, clip.media.path), kind: "Audio", record_in_frames: clip.startFrames, duration_frames: clip.durationFrames, source_in_frames: clip.sourceInFrames, target_url: clip.media.path }));
  return [...video, ...audio];
}


if (python(["-c", "import opentimelineio"]).status !== 0) {
  console.error("OpenTimelineIO is not installed for python3: pip install opentimelineio otio-cmx3600-adapter");
  process.exit(1);
}
// The .fcpxml goes through the script too, but is not compared: OpenTimelineIO's FCP X adapter
// (otio-fcpx-xml-adapter, written against FCPXML 1.8) reads media from <asset src>, which 1.10 moved to
// <media-rep>; fails on a <video> straight in the spine (FCP's own form for a still); truncates rates
// (23.976 → 23) and float times (29 frames at 25 fps → 28). FCPXML is checked by readFcpxml instead.
const cases: Array<[string, TimelineSequence]> = [
  ["the sample animatic at 24 fps", animatic()],
  ["a 20-shot animatic at 25 fps", longAnimatic(20, 25)],
  ["the sample animatic at 29.97 fps", animatic({ fps: 30, ntsc: true })],
];
for (const [label, seq] of cases) {
  const read = readBack(seq);
  assert.equal(read.otio.error, undefined, read.otio.error);
  assert.deepEqual(read.otio.clips, expected(seq, "shot label"));
  assert.equal(read.edl.error, undefined, read.edl.error);
  assert.deepEqual(read.edl.clips, expected(seq, "media file name"));
  console.log(`ok: ${label} (.otio and .edl read back by OpenTimelineIO with the same clips, order and durations)`);
}
