import { describe, expect, it } from "vitest";
import { aspectRatioAfterMediaLoad, nearestAspectRatio, parseAspectRatio, snapAspectRatio } from "./aspectRatio";
import { ASPECT_RATIOS } from "./node";

describe("parseAspectRatio", () => {
  it.each([
    ["1:1", 1],
    ["16:9", 16 / 9],
    ["9:16", 9 / 16],
    ["21:9", 21 / 9],
    ["4:5", 0.8],
    [" 3 : 2 ", 1.5],
    ["16/9", 16 / 9],
    ["2.39:1", 2.39],
  ])("reads %j as %d", (label, ratio) => {
    expect(parseAspectRatio(label)).toBeCloseTo(ratio, 10);
  });
  it.each([undefined, null, "", "wide", "16:", ":9", "0:1", "16:0", "-16:9", "16:9:1", "16x9"])("gives null for %j", (label) => {
    expect(parseAspectRatio(label)).toBeNull();
  });
  it("parses every standard label", () => {
    for (const label of ASPECT_RATIOS) expect(parseAspectRatio(label)).toBeGreaterThan(0);
  });
});

describe("nearestAspectRatio: loaded media takes the nearest standard label (tolerance 0.01)", () => {
  it.each([
    [1920, 1080, "16:9"],
    [1280, 720, "16:9"],
    [1080, 1920, "9:16"],
    [1024, 1024, "1:1"],
    [1024, 768, "4:3"],
    [768, 1024, "3:4"],
    [1080, 1350, "4:5"],
    [1500, 1000, "3:2"],
    [1000, 1500, "2:3"],
    [2100, 900, "21:9"],
    [854, 480, "16:9"],
  ] as const)("%d×%d → %s", (w, h, label) => {
    expect(nearestAspectRatio(w, h)).toBe(label);
  });
  it("is absolute on width/height: 1.01 is within 0.01 of 1:1, 1.02 is not", () => {
    expect(nearestAspectRatio(101, 100)).toBe("1:1");
    expect(nearestAspectRatio(102, 100)).toBeNull();
  });
  it("gives null when no label is within tolerance (2560×1080 is 64:27, not 21:9)", () => {
    expect(nearestAspectRatio(2560, 1080)).toBeNull();
    expect(nearestAspectRatio(1200, 1000)).toBeNull();
  });
  it("takes a custom tolerance", () => {
    expect(nearestAspectRatio(2560, 1080, 0.05)).toBe("21:9");
    expect(nearestAspectRatio(1920, 1080, 0)).toBe("16:9");
  });
  it.each([
    [0, 100],
    [100, 0],
    [-16, 9],
    [Number.NaN, 9],
    [Number.POSITIVE_INFINITY, 9],
  ])("gives null for invalid sizes %d×%d", (w, h) => {
    expect(nearestAspectRatio(w, h)).toBeNull();
  });
});

describe("snapAspectRatio: nearest label even outside tolerance (display)", () => {
  it("snaps 2560×1080 to 21:9 and 1200×1000 to 4:3", () => {
    expect(snapAspectRatio(2560, 1080)).toBe("21:9");
    expect(snapAspectRatio(1200, 1000)).toBe("4:3");
  });
  it("snaps very wide and very tall media to the extremes", () => {
    expect(snapAspectRatio(10000, 100)).toBe("21:9");
    expect(snapAspectRatio(100, 10000)).toBe("9:16");
  });
  it("agrees with nearestAspectRatio when that finds a label", () => {
    for (const [w, h] of [
      [1920, 1080],
      [1080, 1350],
      [1000, 1500],
      [1024, 1024],
    ] as const) {
      expect(snapAspectRatio(w, h)).toBe(nearestAspectRatio(w, h));
    }
  });
  it("falls back to 1:1 for invalid sizes", () => {
    expect(snapAspectRatio(0, 0)).toBe("1:1");
  });
});

describe("aspectRatioAfterMediaLoad: if the nearest label differs the node's ratio is updated", () => {
  it("returns the new label when it differs", () => {
    expect(aspectRatioAfterMediaLoad("1:1", 1920, 1080)).toBe("16:9");
    expect(aspectRatioAfterMediaLoad(undefined, 1080, 1920)).toBe("9:16");
  });
  it("returns null when it is the same label", () => {
    expect(aspectRatioAfterMediaLoad("16:9", 1920, 1080)).toBeNull();
  });
  it("returns null when no label is within tolerance", () => {
    expect(aspectRatioAfterMediaLoad("1:1", 2560, 1080)).toBeNull();
  });
});
