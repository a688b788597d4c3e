import { describe, expect, it } from "vitest";
import { framesToTimecode, timecodeToFrames } from "./timecode";

describe("timecode", () => {
  it("writes frame 0 and the last frame of a second", () => {
    expect(framesToTimecode(0, 24)).toBe("00:00:00:00");
    expect(framesToTimecode(23, 24)).toBe("00:00:00:23");
    expect(framesToTimecode(24, 24)).toBe("00:00:01:00");
  });

  it.each([24, 25, 30])("puts one hour at 01:00:00:00 at %i fps", (fps) => {
    expect(framesToTimecode(fps * 3600, fps)).toBe("01:00:00:00");
    expect(framesToTimecode(fps * 3600 - 1, fps)).toBe(`00:59:59:${fps - 1}`);
    expect(timecodeToFrames("01:00:00:00", fps)).toBe(fps * 3600);
  });

  it.each([24, 25, 30])("round-trips every frame of the first two minutes and some far ones at %i fps", (fps) => {
    const frames = [...Array.from({ length: fps * 120 }, (_, i) => i), 1234567, fps * 86400 - 1];
    expect(frames.map((f) => timecodeToFrames(framesToTimecode(f, fps), fps))).toEqual(frames);
  });

  it("writes minutes and hours in their places", () => {
    expect(framesToTimecode(25 * (3600 * 2 + 60 * 3 + 4) + 5, 25)).toBe("02:03:04:05");
    expect(framesToTimecode(30 * 86400 - 1, 30)).toBe("23:59:59:29");
  });

  it("refuses what timecode cannot say", () => {
    expect(() => framesToTimecode(24 * 86400, 24)).toThrow(RangeError);
    expect(() => framesToTimecode(-1, 24)).toThrow(RangeError);
    expect(() => framesToTimecode(1.5, 24)).toThrow(RangeError);
    expect(() => framesToTimecode(0, 23.976)).toThrow(RangeError);
    expect(() => timecodeToFrames("00:00:00:24", 24)).toThrow(RangeError);
    expect(() => timecodeToFrames("00:60:00:00", 24)).toThrow(RangeError);
    expect(() => timecodeToFrames("00:00:00;00", 24)).toThrow(RangeError);
    expect(() => timecodeToFrames("1:00:00:00", 24)).toThrow(RangeError);
  });
});
