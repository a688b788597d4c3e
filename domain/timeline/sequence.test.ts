import { describe, expect, it } from "vitest";
import { placeAudio, placeVideo } from "./layout";
import { framesPerSecond, mediaFileName, secondsToFrames, timelineDurationFrames, timelineSequenceSchema } from "./sequence";
import { animatic } from "./testing/sequences";

describe("secondsToFrames", () => {
  it("rounds to the nearest frame", () => {
    expect(secondsToFrames(2, 24)).toBe(48);
    expect(secondsToFrames(1.52, 25)).toBe(38);
    expect(secondsToFrames(1.5, 24000 / 1001)).toBe(36);
  });

  it("never gives 0 frames, and refuses nonsense", () => {
    expect(secondsToFrames(0, 24)).toBe(1);
    expect(secondsToFrames(0.02, 24)).toBe(1);
    expect(() => secondsToFrames(-1, 24)).toThrow(RangeError);
    expect(() => secondsToFrames(Number.NaN, 24)).toThrow(RangeError);
    expect(() => secondsToFrames(1, 0)).toThrow(RangeError);
  });
});

describe("the timeline model", () => {
  it("accepts the sample animatic", () => {
    expect(timelineSequenceSchema.parse(animatic())).toEqual(animatic());
  });

  it("lasts as long as its longer track", () => {
    // The last line of dialogue (200 + 30) runs past the last shot (72 + 50 + 29 + 61 = 212).
    expect(timelineDurationFrames(animatic())).toBe(230);
    expect(timelineDurationFrames(animatic({ audio: [] }))).toBe(212);
  });

  it("knows the NTSC rates", () => {
    expect(framesPerSecond({ fps: 24, ntsc: true })).toBeCloseTo(23.976, 3);
    expect(framesPerSecond({ fps: 25 })).toBe(25);
    expect(timelineSequenceSchema.safeParse(animatic({ fps: 25, ntsc: true })).success).toBe(false);
  });

  it("names media by their file", () => {
    expect(mediaFileName("media/shot-003.png")).toBe("shot-003.png");
    expect(mediaFileName("shot.png")).toBe("shot.png");
  });

  it.each([
    "../secret.png",
    "/etc/passwd",
    "media/../x.png",
    "C:\\media\\x.png",
    "file:///x.png",
    "media//x.png",
    "media/.hidden",
    "media/a b.png",
    "",
  ])("refuses the media path %j", (path) => {
    const seq = animatic();
    seq.clips[0]!.media.path = path;
    expect(timelineSequenceSchema.safeParse(seq).success).toBe(false);
  });

  it("refuses overlapping dialogue, duplicate ids, a still with a source in point, a clip past its file's end, a still reused as video or sound", () => {
    const overlap = animatic();
    overlap.audio[1]!.durationFrames = 200;
    const duplicate = animatic();
    duplicate.audio[0]!.id = "c1";
    const stillIn = animatic();
    stillIn.clips[0]!.sourceInFrames = 3;
    const pastEnd = animatic();
    pastEnd.clips[1]!.durationFrames = 229;
    const stillAsSound = animatic();
    stillAsSound.audio[0]!.media.path = "media/shot-001.png";
    const stillAsVideo = animatic();
    stillAsVideo.clips[1]!.media.path = "media/shot-001.png";
    for (const seq of [overlap, duplicate, stillIn, pastEnd, stillAsSound, stillAsVideo])
      expect(timelineSequenceSchema.safeParse(seq).success).toBe(false);
    expect(timelineSequenceSchema.safeParse(animatic({ clips: [] })).success).toBe(false);
  });

  it("refuses a timeline of 24 hours or more (EDL timecode ends there)", () => {
    const clip = { id: "x", name: "X", media: { path: "x.png", kind: "still" as const }, durationFrames: 24 * 86400, sourceInFrames: 0 };
    expect(timelineSequenceSchema.safeParse(animatic({ clips: [clip], audio: [] })).success).toBe(false);
  });
});

describe("layout", () => {
  it("lays shots end to end and puts silences between dialogue", () => {
    expect(placeVideo(animatic()).map((p) => [p.recordIn, p.recordOut])).toEqual([
      [0, 72],
      [72, 122],
      [122, 151],
      [151, 212],
    ]);
    expect(placeAudio(animatic()).map((p) => [p.kind, p.recordIn, p.recordOut])).toEqual([
      ["gap", 0, 10],
      ["clip", 10, 50],
      ["gap", 50, 130],
      ["clip", 130, 200],
      ["clip", 200, 230],
    ]);
  });
});
