import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegPath } from "../generation/local/ffmpeg";
import type { AnimaticInput } from "./animaticPlan";
import { timelineZip } from "./timelineExport";

let dir: string;
const file = (name: string) => path.join(dir, name);

function ffmpeg(args: string[]): void {
  const r = spawnSync(ffmpegPath(), ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed: ${r.stderr}`);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "timeline-export-test-"));
  ffmpeg(["-f", "lavfi", "-i", "color=c=0x3366aa:s=640x360", "-frames:v", "1", file("still.png")]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=s=640x360:r=24:d=3",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    file("long.mp4"),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=s=640x360:r=24:d=1",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    file("short.mp4"),
  ]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A still, a 3 s video used for 2 s, and a 1 s video held for 2 s (its last frame frozen). */
function input(fps: 24 | 25): AnimaticInput {
  return {
    width: 1280,
    height: 720,
    fps,
    captions: false,
    segments: [
      {
        id: "s1",
        label: "Shot 1 · still",
        seconds: 1.5,
        visual: { kind: "still", path: file("still.png"), movement: "static" },
        dialogue: [],
      },
      {
        id: "s2",
        label: "Shot 2 · long take",
        seconds: 2,
        visual: { kind: "video", path: file("long.mp4"), sourceSeconds: 3 },
        dialogue: [],
      },
      {
        id: "s3",
        label: "Shot 3 · short take",
        seconds: 2,
        visual: { kind: "video", path: file("short.mp4"), sourceSeconds: 1 },
        dialogue: [],
      },
    ],
  };
}

async function exported(fps: 24 | 25) {
  const zip = await timelineZip(input(fps), file("unused.mp4"), {
    name: "Rain Chase animatic",
    workDir: dir,
    signal: new AbortController().signal,
  });
  const files = unzipSync(new Uint8Array(zip));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return { names: Object.keys(files), text };
}

describe("timelineZip", () => {
  it.each([24, 25] as const)(
    "exports a video shot's probed length at %i fps: OTIO available_range and the FCPXML asset's duration",
    async (fps) => {
      const { text } = await exported(fps);
      const otio = JSON.parse(text("timeline.otio"));
      const [long, short] = otio.tracks.children[0].children
        .slice(1)
        .map((c: { media_references: { DEFAULT_MEDIA: unknown } }) => c.media_references.DEFAULT_MEDIA);
      expect(long.available_range).toEqual({
        OTIO_SCHEMA: "TimeRange.1",
        duration: { OTIO_SCHEMA: "RationalTime.1", rate: fps, value: 3 * fps },
        start_time: { OTIO_SCHEMA: "RationalTime.1", rate: fps, value: 0 },
      });
      // 1 s of video cannot fill a 2 s shot in an editor's timeline: its length is left unknown rather than wrong.
      expect(short.available_range).toBeNull();
      const fcpxml = text("timeline.fcpxml");
      expect(fcpxml).toMatch(new RegExp(`<asset id="r\\d+" name="shot-002.mp4" start="0s" duration="${3 * fps * 100}/${fps * 100}s"`));
    },
  );

  it("names the EDL by the sequence and its frame rate", async () => {
    const { names, text } = await exported(25);
    expect(names).toContain("Rain Chase animatic 25fps.edl");
    expect(text("Rain Chase animatic 25fps.edl")).toMatch(/^TITLE: Rain Chase animatic\n/);
  });
});
