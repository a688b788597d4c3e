import { describe, expect, it } from "vitest";
import {
  CANVAS_EXTENT,
  NODE_TITLE_PX,
  nodeTitleScale,
  CONNECTION_RADIUS,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  ZOOM_MENU_PERCENTS,
  ZOOM_STEPS,
  clampZoom,
  zoomIn,
  zoomOut,
  zoomPercent,
} from "./zoom";

describe("canvas constants (spec 9)", () => {
  it("zooms from 0.1 to 4, default 0.6", () => {
    expect([MIN_ZOOM, MAX_ZOOM, DEFAULT_ZOOM]).toEqual([0.1, 4, 0.6]);
  });
  it("has an extent of ±15000 and a connection radius of 80", () => {
    expect(CANVAS_EXTENT).toBe(15000);
    expect(CONNECTION_RADIUS).toBe(80);
  });
  it("steps zoom percent by 25 between 25 and 200", () => {
    expect(ZOOM_STEPS).toEqual([25, 50, 75, 100, 125, 150, 175, 200]);
  });
  it("lists 25, 50, 75, 100, 125, 150, 200 in the zoom dropdown (spec 2)", () => {
    expect(ZOOM_MENU_PERCENTS).toEqual([25, 50, 75, 100, 125, 150, 200]);
  });
});

describe("clampZoom", () => {
  it.each([
    [0.05, 0.1],
    [0.1, 0.1],
    [1, 1],
    [4, 4],
    [9, 4],
    [Number.NaN, 0.6],
  ])("clamps %d to %d", (z, out) => {
    expect(clampZoom(z)).toBe(out);
  });
});

describe("zoomIn steps to the next 25% step", () => {
  it.each([
    [0.6, 0.75],
    [0.1, 0.25],
    [0.25, 0.5],
    [1, 1.25],
    [1.1, 1.25],
    [1.5, 1.75],
    [1.75, 2],
    [0.1 + 0.2, 0.5],
  ])("%d → %d", (z, out) => {
    expect(zoomIn(z)).toBe(out);
  });
  it("stays put at or above 200% (only clamped)", () => {
    expect(zoomIn(2)).toBe(2);
    expect(zoomIn(3)).toBe(3);
    expect(zoomIn(7)).toBe(4);
  });
});

describe("zoomOut steps to the previous 25% step", () => {
  it.each([
    [0.6, 0.5],
    [1, 0.75],
    [2, 1.75],
    [3, 2],
    [4, 2],
    [0.5, 0.25],
  ])("%d → %d", (z, out) => {
    expect(zoomOut(z)).toBe(out);
  });
  it("stays put at or below 25% (only clamped)", () => {
    expect(zoomOut(0.25)).toBe(0.25);
    expect(zoomOut(0.1)).toBe(0.1);
    expect(zoomOut(0.01)).toBe(0.1);
  });
});

describe("zoomPercent", () => {
  it("shows the default 0.6 as 60", () => {
    expect(zoomPercent(DEFAULT_ZOOM)).toBe(60);
    expect(zoomPercent(1.2345)).toBe(123);
  });
});

describe("node titles stay readable", () => {
  it("is at least 11 px on screen at every zoom from 40 % up, and never shrinks below its own size", () => {
    for (let zoom = 0.4; zoom <= 4; zoom += 0.05) {
      expect(NODE_TITLE_PX * nodeTitleScale(zoom) * zoom).toBeGreaterThanOrEqual(11);
      expect(nodeTitleScale(zoom)).toBeGreaterThanOrEqual(1);
    }
    expect(nodeTitleScale(1)).toBe(1);
  });
});
