import { describe, expect, it } from "vitest";
import { edlFileName, toEdl } from "./edl";
import { expectSameTimeline } from "./testing/expectReadBack";
import { readEdl } from "./testing/readEdl";
import { animatic, longAnimatic } from "./testing/sequences";

describe("toEdl", () => {
  it("reads back with the same clips, order, durations, media and audio gaps", () => {
    const read = readEdl(toEdl(animatic()), 24);
    expect(read.name).toBe("Kitchen scene - animatic v3");
    expect(read.fcm).toBe("NON-DROP FRAME");
    // An EDL names clips by their media file (how NLEs find them); the shot label is a comment.
    expectSameTimeline(read, animatic(), "media file name");
    expect(read.video.map((e) => e.note)).toEqual(animatic().clips.map((c) => c.name.replaceAll("–", "-")));
  });

  it("numbers events 001… with AX reels, video first, then dialogue on audio channel A after its lead-in of black", () => {
    const read = readEdl(toEdl(animatic()), 24);
    expect(read.events.map((e) => `${e.reel} ${e.channel}`)).toEqual([...Array(4).fill("AX V"), "BL A", ...Array(3).fill("AX A")]);
    const lines = toEdl(animatic()).split("\n");
    expect(lines[0]).toBe("TITLE: Kitchen scene - animatic v3");
    expect(lines[1]).toBe("FCM: NON-DROP FRAME");
    // The OpenTimelineIO writer's column layout, byte for byte.
    expect(lines).toContain("001  AX       V     C        00:00:00:00 00:00:03:00 00:00:00:00 00:00:03:00");
    expect(lines).toContain("002  AX       V     C        00:00:00:12 00:00:02:14 00:00:03:00 00:00:05:02");
    expect(lines).toContain("006  AX       A     C        00:00:00:05 00:00:01:21 00:00:00:10 00:00:02:02");
    expect(lines).toContain("* FROM CLIP NAME:  shot-002.mp4");
    expect(lines).toContain("* OTIO REFERENCE FROM: media/shot-002.mp4");
  });

  it("starts a channel whose first event is later with a BL event from 00:00:00:00, so a reader keeps the track's end", () => {
    const lines = toEdl(animatic()).split("\n");
    // Dialogue starts at frame 10: black (silence) fills 00:00:00:00 to 00:00:00:10, with no media comments.
    const black = lines.indexOf("005  BL       A     C        00:00:00:00 00:00:00:10 00:00:00:00 00:00:00:10");
    expect(black).toBeGreaterThan(0);
    expect(lines[black + 1]).toBe("");
    // Video starts at 0, so it needs none.
    expect(lines.filter((l) => /^\d{3}  BL /.test(l))).toHaveLength(1);
    const seq = animatic();
    seq.audio.find((a) => a.id === "a1")!.startFrames = 0;
    expect(toEdl(seq)).not.toMatch(/^\d{3}  BL /m);
  });

  it("writes only ASCII: typographic punctuation and accents become plain letters, anything else '?'", () => {
    const seq = animatic({ name: "Café “Noir” · take – 2 — ‘final’ 雨" });
    seq.clips[0]!.name = "1A · Zoë’s façade – WIDE… ✓";
    const text = toEdl(seq);
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(text.split("\n")[0]).toBe(`TITLE: Cafe "Noir" - take - 2 - 'final' ?`);
    expect(readEdl(text, 24).video[0]!.note).toBe("1A - Zoe's facade - WIDE... ?");
  });

  it.each([
    [{ fps: 24 }, "Rain Chase animatic 24fps.edl", "* FRAME RATE: 24 FPS"],
    [{ fps: 25 }, "Rain Chase animatic 25fps.edl", "* FRAME RATE: 25 FPS"],
    [{ fps: 24, ntsc: true }, "Rain Chase animatic 23.976fps.edl", "* FRAME RATE: 23.976 FPS (NON-DROP TIMECODE COUNTED AT 24)"],
    [{ fps: 30, ntsc: true }, "Rain Chase animatic 29.97fps.edl", "* FRAME RATE: 29.97 FPS (NON-DROP TIMECODE COUNTED AT 30)"],
  ])("states the frame rate %o in the file name and a comment on the first event", (rate, fileName, comment) => {
    const seq = animatic({ name: "Rain Chase animatic", ...rate });
    expect(edlFileName(seq)).toBe(fileName);
    const lines = toEdl(seq).split("\n");
    // A comment before the first event is refused by OpenTimelineIO's reader: it belongs to event 001.
    expect(lines.slice(0, 3)).toEqual(["TITLE: Rain Chase animatic", "FCM: NON-DROP FRAME", ""]);
    expect(lines.slice(3, lines.indexOf("", 3))).toContain(comment);
  });

  it("makes a safe ASCII file name of any title", () => {
    expect(edlFileName({ name: "Animatic · INT. MAYA'S KITCHEN / LATER: “take” 2?", fps: 25 })).toBe(
      "Animatic - INT. MAYA'S KITCHEN LATER take 2 25fps.edl",
    );
    expect(edlFileName({ name: "../..", fps: 24 })).toBe("Timeline 24fps.edl");
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
    seq.clips[0]!.name = 'A & B <"quoted">\r\n002  AX       V     C        00:00:00:00 00:00:01:00 00:00:00:00 00:00:01:00';
    const text = toEdl(seq);
    const read = readEdl(text, 24);
    expect(read.video).toHaveLength(4);
    expect(read.video[0]!.note).toBe('A & B <"quoted"> 002  AX       V     C        00:00:00:00 00:00:01:00 00:00:00:00 00:00:01:00');
    expect(text.split("\n")[0]!.length).toBeLessThanOrEqual("TITLE: ".length + 70);
  });

  it("reaches an hour of record time", () => {
    const seq = animatic({
      clips: [{ id: "c", name: "LONG", media: { path: "long.png", kind: "still" }, durationFrames: 25 * 3600 + 1, sourceInFrames: 0 }],
      audio: [],
      fps: 25,
    });
    expect(toEdl(seq)).toContain("001  AX       V     C        00:00:00:00 01:00:00:01 00:00:00:00 01:00:00:01");
  });
});

describe("the EDL read-back itself", () => {
  it("catches events whose source and record lengths differ, or that skip a number", () => {
    const text = toEdl(animatic());
    expect(() => readEdl(text.replace("00:00:00:00 00:00:03:00 00:00:00:00", "00:00:00:00 00:00:03:01 00:00:00:00"), 24)).toThrow(
      /lengths differ/,
    );
    expect(() => readEdl(text.replace("002  AX", "003  AX"), 24)).toThrow(/out of sequence/);
  });
});
