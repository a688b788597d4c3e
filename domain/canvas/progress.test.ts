import { describe, expect, it } from "vitest";
import { PROGRESS_TICK_MS, displayedProgress, nextSimulatedProgress, progressBarWidth } from "./progress";

describe("simulated progress (spec 4 'Progress display')", () => {
  it("ticks every 200 ms", () => {
    expect(PROGRESS_TICK_MS).toBe(200);
  });
  it.each([
    [0, 2],
    [10, 12],
    [28, 30],
    [29, 30],
    [30, 31],
    [59, 60],
    [59.5, 60],
    [60, 60.5],
    [84.5, 85],
    [84.8, 85],
    [85, 85.2],
    [97.9, 98],
    [98, 98],
    [99, 99],
  ])("%d → %d", (p, next) => {
    expect(nextSimulatedProgress(p)).toBe(next);
  });
  it("adds +2 up to 30, +1 up to 60, +0.5 up to 85, +0.2 up to 98", () => {
    expect(nextSimulatedProgress(20) - 20).toBe(2);
    expect(nextSimulatedProgress(40) - 40).toBe(1);
    expect(nextSimulatedProgress(70) - 70).toBe(0.5);
    expect(nextSimulatedProgress(90)).toBe(90.2);
  });
  it("starts non-finite or negative values from 0", () => {
    expect(nextSimulatedProgress(Number.NaN)).toBe(2);
    expect(nextSimulatedProgress(-5)).toBe(2);
  });
  it("never goes above 98 and never goes back, however long it runs", () => {
    let p = 0;
    let ticks = 0;
    while (ticks < 2000) {
      const next = nextSimulatedProgress(p);
      expect(next).toBeGreaterThanOrEqual(p);
      expect(next).toBeLessThanOrEqual(98);
      p = next;
      ticks++;
    }
    expect(p).toBe(98);
  });
  it("reaches 98 after 15 + 30 + 50 + 65 = 160 ticks (32 s)", () => {
    let p = 0;
    let ticks = 0;
    while (p < 98) {
      p = nextSimulatedProgress(p);
      ticks++;
    }
    expect(ticks).toBe(160);
  });
});

describe("displayedProgress: a server percent is shown when given", () => {
  it("prefers the server percent", () => {
    expect(displayedProgress(42, 10)).toBe(42);
    expect(displayedProgress(0, 10)).toBe(0);
  });
  it("falls back to the simulated progress", () => {
    expect(displayedProgress(undefined, 10)).toBe(10);
    expect(displayedProgress(null, 10)).toBe(10);
    expect(displayedProgress(Number.NaN, 10)).toBe(10);
  });
});

describe("progressBarWidth: bar at least 3% wide", () => {
  it.each([
    [0, 3],
    [1, 3],
    [3, 3],
    [50, 50],
    [100, 100],
    [140, 100],
    [-4, 3],
    [Number.NaN, 3],
  ])("%d → %d%%", (p, w) => {
    expect(progressBarWidth(p)).toBe(w);
  });
});
