import { describe, expect, it } from "vitest";
import { toEdl } from "./edl";
import { expectSameTimeline } from "./testing/expectReadBack";
import { readEdl } from "./testing/readEdl";
import { animatic, longAnimatic } from "./testing/sequences";

describe("toEdl", () => {
  it("reads back with the same clips, order, durations, media and audio gaps", () => {
    const read = readEdl(toEdl(animatic()), 24);
    expect(read.name).toBe("Kitchen scene – animatic v3");
    expect(read.fcm).toBe("NON-DROP FRAME");
    // An EDL names clips by their media file (how NLEs find them); the shot label is a comment.
    expectSameTimeline(read, animatic(), "media file name");
    expect(read.video.map((e) => e.note)).toEqual(animatic().clips.map((c) => c.name));
  });

  it("numbers events 001… with AX reels, video first, then dialogue on audio channel A", () => {
    const read = readEdl(toEdl(animatic()), 24);
    expect(read.events.map((e) => `${e.reel} ${e.channel}`)).toEqual([...Array(4).fill("AX V"), ...Array(3).fill("AX A")]);
    const lines = toEdl(animatic()).split("\n");
    expect(lines[0]).toBe("TITLE: Kitchen scene – animatic v3");
    expect(lines[1]).toBe("FCM: NON-DROP FRAME");
    // The OpenTimelineIO writer's column layout, byte for byte.
    expect(lines).toContain("001  AX       V     C        00:00:00:00 00:00:03:00 00:00:00:00 00:00:03:00");
    expect(lines).toContain("002  AX       V     C        00:00:00:12 00:00:02:14 00:00:03:00 00:00:05:02");
    expect(lines).toContain("005  AX       A     C        00:00:00:05 00:00:01:21 00:00:00:10 00:00:02:02");
    expect(lines).toContain("* FROM CLIP NAME:  shot-002.mp4");
    expect(lines).toContain("* OTIO REFERENCE FROM: media/shot-002.mp4");
  });

  it.each([24, 25, 30])("reads back a 20-shot animatic at %i fps", (fps) => {
    const seq = longAnimatic(20, fps);
    const read = readEdl(toEdl(seq), fps);
    expect(read.video).toHaveLength(20);
    expectSameTimeline(read, seq, "media file name");
  });

  it("counts NTSC timecode at the nominal rate", () => {
    const seq = animatic({ fps: 30, ntsc: true });
    expect(toEdl(seq)).toContain("FCM: NON-DROP FRAME");
    expectSameTimeline(readEdl(toEdl(seq), 30), seq, "media file name");
  });

  it("keeps names on one line, so no name can forge an event", () => {
    const seq = animatic({ name: "Title\n001  AX V C 00:00:00:00 00:00:01:00 00:00:00:00 00:00:01:00" });
    seq.clips[0]!.name = "A & B <\"quoted\">\r\n002  AX       V     C        00:00:00:00 00:00:01:00 00:00:00:00 00:00:01:00";
    const text = toEdl(seq);
    const read = readEdl(text, 24);
    expect(read.video).toHaveLength(4);
    expect(read.video[0]!.note).toBe('A & B <"quoted"> 002  AX       V     C        00:00:00:00 00:00:01:00 00:00:00:00 00:00:01:00');
    expect(text.split("\n")[0]!.length).toBeLessThanOrEqual("TITLE: ".length + 70);
  });

  it("reaches an hour of record time", () => {
    const seq = animatic({ clips: [{ id: "c", name: "LONG", media: { path: "long.png", kind: "still" }, durationFrames: 25 * 3600 + 1, sourceInFrames: 0 }], audio: [], fps: 25 });
    expect(toEdl(seq)).toContain("001  AX       V     C        00:00:00:00 01:00:00:01 00:00:00:00 01:00:00:01");
  });
});

describe("the EDL read-back itself", () => {
  it("catches events whose source and record lengths differ, or that skip a number", () => {
    const text = toEdl(animatic());
    expect(() => readEdl(text.replace("00:00:00:00 00:00:03:00 00:00:00:00", "00:00:00:00 00:00:03:01 00:00:00:00"), 24)).toThrow(/lengths differ/);
    expect(() => readEdl(text.replace("002  AX", "003  AX"), 24)).toThrow(/out of sequence/);
  });
});
