import type { LightCardKind } from "../../../domain/canvas/levelOfDetail";
import { KIND_COLOUR } from "../nodes/kindColour";
import { NODE_TITLE_ROW } from "../nodes/nodeLayout";
import {
  curveBulge,
  edgeBox,
  OVERVIEW_TITLE_PX,
  overlaps,
  overviewDetail,
  viewRect,
  type OverviewEdge,
  type OverviewNode,
  type Transform,
} from "./overviewScene";
import type { ThumbnailBitmaps } from "./thumbnailBitmaps";

const EDGE_COLOUR = "rgba(230, 232, 238, 0.38)";
const TEXT_COLOUR = "#e6e8ee";
const SELECTED = "#7c8cff";
const SELECTED_GLOW = "rgba(124, 140, 255, 0.55)";
const FONT = `bold ${OVERVIEW_TITLE_PX}px ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
const PAD = 16;
/** The cards' corner radius (flow px, as the DOM card's rounded-xl); square when it would be under 2 screen px. */
const RADIUS = 12;
/** Above this many cards on screen they are drawn square: a rounded path each costs several times a plain rect. */
const ROUNDED_MAX = 300;
const TITLE_BAND = OVERVIEW_TITLE_PX * 1.5;

/** The DOM light card's fill: its kind's colour, 14 % over the surface. */
const mix = (hex: string, amount: number, base = [0x12, 0x14, 0x1a]) => {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${c.map((v, i) => Math.round(v * amount + base[i]! * (1 - amount))).join(",")})`;
};
const FILL = Object.fromEntries(Object.entries(KIND_COLOUR).map(([k, c]) => [k, mix(c, 0.14)])) as Record<LightCardKind, string>;

// A title cut to its card's width, once per title and width: measuring text on every frame would cost more
// than drawing it. The font is in flow px, so the cut holds at every zoom.
const cut = new Map<string, string>();
function fitTitle(ctx: CanvasRenderingContext2D, title: string, width: number): string {
  const key = `${width}\u0000${title}`;
  let out = cut.get(key);
  if (out === undefined) {
    out = title;
    if (ctx.measureText(out).width > width) {
      while (out.length > 1 && ctx.measureText(`${out}…`).width > width) out = out.slice(0, -1);
      out = `${out.trimEnd()}…`;
    }
    if (cut.size > 5000) cut.clear();
    cut.set(key, out);
  }
  return out;
}

/** Draws `bitmap` over the box, cropped to fill it (CSS object-fit: cover). */
function drawCover(ctx: CanvasRenderingContext2D, bitmap: ImageBitmap, x: number, y: number, w: number, h: number) {
  if (w <= 0 || h <= 0) return;
  const scale = Math.max(w / bitmap.width, h / bitmap.height);
  const sw = w / scale;
  const sh = h / scale;
  ctx.drawImage(bitmap, (bitmap.width - sw) / 2, (bitmap.height - sh) / 2, sw, sh, x, y, w, h);
}

export interface DrawCounts {
  nodes: number;
  edges: number;
  thumbnails: number;
}

/**
 * One frame of the overview: the part of the graph the pane shows, edges under cards, each card in its
 * kind's colour with (when legible) its title and thumbnail, and the selection on top. Drawn in flow
 * coordinates under React Flow's transform, so it lines up with everything React Flow still draws.
 */
export function drawOverview(
  ctx: CanvasRenderingContext2D,
  view: { width: number; height: number; dpr: number; transform: Transform },
  nodes: readonly OverviewNode[],
  edges: readonly OverviewEdge[],
  bitmaps: ThumbnailBitmaps,
): DrawCounts {
  const { width, height, dpr, transform } = view;
  const [tx, ty, zoom] = transform;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width * dpr, height * dpr);
  ctx.setTransform(dpr * zoom, 0, 0, dpr * zoom, dpr * tx, dpr * ty);
  const onePx = 1 / zoom; // a screen pixel in flow units
  const seen = viewRect(transform, width, height);
  const counts: DrawCounts = { nodes: 0, edges: 0, thumbnails: 0 };

  ctx.beginPath();
  for (const e of edges) {
    if (!overlaps(edgeBox(e), seen)) continue;
    const bulge = curveBulge(e);
    ctx.moveTo(e.from.x, e.from.y);
    ctx.bezierCurveTo(e.from.x + bulge, e.from.y, e.to.x - bulge, e.to.y, e.to.x, e.to.y);
    counts.edges++;
  }
  ctx.strokeStyle = EDGE_COLOUR;
  ctx.lineWidth = Math.max(1.6, onePx);
  ctx.stroke();

  const shown = nodes.filter((n) => overlaps(n, seen));
  ctx.lineWidth = Math.max(4, onePx);
  ctx.font = FONT;
  ctx.textBaseline = "top";
  const rounded = RADIUS * zoom >= 2 && shown.length <= ROUNDED_MAX;
  for (const n of shown) {
    const cardY = n.y + NODE_TITLE_ROW;
    const cardH = n.height - NODE_TITLE_ROW;
    ctx.fillStyle = FILL[n.kind];
    ctx.strokeStyle = KIND_COLOUR[n.kind];
    if (rounded) {
      ctx.beginPath();
      ctx.roundRect(n.x, cardY, n.width, cardH, RADIUS);
      ctx.fill();
      ctx.stroke();
    } else {
      ctx.fillRect(n.x, cardY, n.width, cardH);
      ctx.strokeRect(n.x, cardY, n.width, cardH);
    }
    const detail = overviewDetail(zoom, n.width);
    if (detail.title) {
      ctx.fillStyle = TEXT_COLOUR;
      ctx.fillText(fitTitle(ctx, n.title, n.width - 2 * PAD), n.x + PAD, cardY + PAD);
    }
    if (detail.thumbnail && n.thumbnail) {
      const bitmap = bitmaps.get(n.thumbnail);
      if (bitmap) {
        const top = detail.title ? TITLE_BAND + PAD : PAD;
        drawCover(ctx, bitmap, n.x + PAD, cardY + top, n.width - 2 * PAD, cardH - top - PAD);
        counts.thumbnails++;
      }
    }
    counts.nodes++;
  }

  // The selection last, so an overlapping card never hides it: a glow and the accent frame.
  for (const n of shown) {
    if (!n.selected) continue;
    const cardY = n.y + NODE_TITLE_ROW;
    const cardH = n.height - NODE_TITLE_ROW;
    ctx.strokeStyle = SELECTED_GLOW;
    ctx.lineWidth = Math.max(16, 6 * onePx);
    ctx.strokeRect(n.x, cardY, n.width, cardH);
    ctx.strokeStyle = SELECTED;
    ctx.lineWidth = Math.max(6, 2 * onePx);
    ctx.strokeRect(n.x, cardY, n.width, cardH);
  }
  return counts;
}
