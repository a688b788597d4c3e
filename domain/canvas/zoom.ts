/** spec (canvas 9): canvas zoom bounds and default (zoom factors, 1 = 100%). */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
export const DEFAULT_ZOOM = 0.6;

/** spec (canvas 9): "zoom percent steps of 25 between 25 and 200" — what the zoom in/out buttons step through. */
export const ZOOM_STEPS: readonly number[] = [25, 50, 75, 100, 125, 150, 175, 200];

/**
 * spec (canvas 2 "Project top bar"): the zoom percent dropdown lists 25, 50, 75, 100, 125, 150, 200
 * (no 175, unlike the step list in spec 9).
 */
export const ZOOM_MENU_PERCENTS: readonly number[] = [25, 50, 75, 100, 125, 150, 200];

/** spec (canvas 9): the canvas extends ±15000 on both axes (also the server's position bound). */
export const CANVAS_EXTENT = 15000;
/** React Flow `translateExtent`. */
export const CANVAS_TRANSLATE_EXTENT: readonly [readonly [number, number], readonly [number, number]] = [
  [-CANVAS_EXTENT, -CANVAS_EXTENT],
  [CANVAS_EXTENT, CANVAS_EXTENT],
];

/** spec (canvas 9): connection radius 80; pan-scroll speed 1.5. */
export const CONNECTION_RADIUS = 80;
export const PAN_ON_SCROLL_SPEED = 1.5;

/** Keep a zoom factor within [MIN_ZOOM, MAX_ZOOM]; a non-finite value gives DEFAULT_ZOOM. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return DEFAULT_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The zoom factor as a whole percent for labels: 0.6 → 60. */
export function zoomPercent(zoom: number): number {
  return Math.round(clampZoom(zoom) * 100);
}

const EPS = 1e-6;
const pct = (zoom: number) => clampZoom(zoom) * 100;

/**
 * The next step of ZOOM_STEPS strictly above the current zoom: 0.6 → 0.75, 1 → 1.25, 0.1 → 0.25.
 * At or above the top step (200%) the zoom is only clamped: 2 → 2, 3 → 3 (the wheel can go up to 4).
 */
export function zoomIn(zoom: number): number {
  const p = pct(zoom);
  const step = ZOOM_STEPS.find((s) => s > p + EPS);
  return step === undefined ? clampZoom(zoom) : step / 100;
}

/**
 * The next step of ZOOM_STEPS strictly below the current zoom: 0.6 → 0.5, 1 → 0.75, 3 → 2.
 * At or below the bottom step (25%) the zoom is only clamped: 0.25 → 0.25, 0.1 → 0.1.
 */
export function zoomOut(zoom: number): number {
  const p = pct(zoom);
  const step = [...ZOOM_STEPS].reverse().find((s) => s < p - EPS);
  return step === undefined ? clampZoom(zoom) : step / 100;
}

/** A node title's size on the card (px at 100 %), and the least it may be on screen. */
export const NODE_TITLE_PX = 14;
export const NODE_TITLE_MIN_SCREEN_PX = 12;

/**
 * How much a node title grows at `zoom` so it stays readable (at least NODE_TITLE_MIN_SCREEN_PX on screen):
 * 1 from about 86 % up; 1.43 at the default 60 %; 2.14 at 40 %.
 */
export const nodeTitleScale = (zoom: number): number => Math.max(1, NODE_TITLE_MIN_SCREEN_PX / (NODE_TITLE_PX * clampZoom(zoom)));
