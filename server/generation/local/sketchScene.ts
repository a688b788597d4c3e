/**
 * The SVG that Local Sketch rasterises: a sky gradient, a sun or moon, then layered forms chosen from the
 * prompt's themes (ridges, waves, a skyline, trees, flames, planets, or an abstract composition). Only numbers
 * and colours computed here ever reach the markup, never the prompt's text.
 */
import type { Palette, Theme } from "./palette";
import { between, pick, type Random } from "./random";

export interface SceneOptions {
  width: number;
  height: number;
  palette: Palette;
  random: Random;
  /** False for the overlay drawn over a context image: no sky, no vignette. */
  background: boolean;
  /** Hash-chosen when the prompt names no theme: a landscape or an abstract composition. */
  abstract: boolean;
}

const f = (x: number) => (Math.round(x * 10) / 10).toString();

type Layer = (o: SceneOptions) => string;

function ridges(count: number, smooth: boolean): Layer {
  return ({ width: w, height: h, palette, random }) => {
    let out = "";
    for (let i = 0; i < count; i++) {
      const base = h * (0.5 + (0.38 * i) / Math.max(1, count) + between(random, -0.03, 0.03));
      const amp = h * between(random, 0.06, 0.16) * (smooth ? 0.5 : 1);
      const steps = smooth ? 6 : 14 + Math.floor(random() * 10);
      let y = base - amp * random();
      let d = `M0 ${f(h)} L0 ${f(y)}`;
      for (let s = 1; s <= steps; s++) {
        const x = (w * s) / steps;
        y = Math.min(h * 0.95, Math.max(h * 0.2, y + between(random, -amp, amp) * (smooth ? 0.6 : 0.8)));
        d += smooth ? ` Q${f(x - w / steps / 2)} ${f(y - amp * 0.8)} ${f(x)} ${f(y)}` : ` L${f(x)} ${f(y)}`;
      }
      d += ` L${f(w)} ${f(h)} Z`;
      out += `<path d="${d}" fill="${palette.forms[(i + 5 - count) % 5]}"/>`;
    }
    return out;
  };
}

const waves: Layer = ({ width: w, height: h, palette, random }) => {
  let out = "";
  const bands = 5;
  for (let i = 0; i < bands; i++) {
    const y0 = h * (0.55 + i * 0.09);
    const amp = h * between(random, 0.01, 0.035);
    const len = w / between(random, 2, 5);
    let d = `M0 ${f(y0)}`;
    for (let x = 0; x < w + len; x += len) d += ` q${f(len / 4)} ${f(-amp * 2)} ${f(len / 2)} 0 t${f(len / 2)} 0`;
    d += ` L${f(w + len)} ${f(h)} L0 ${f(h)} Z`;
    out += `<path d="${d}" fill="${palette.forms[i % 5]}" opacity="${f(0.65 + 0.07 * i)}"/>`;
  }
  return out;
};

const skyline: Layer = ({ width: w, height: h, palette, random }) => {
  let out = "";
  let windows = "";
  for (let x = -w * 0.02; x < w; ) {
    const bw = w * between(random, 0.04, 0.11);
    const bh = h * between(random, 0.2, 0.62);
    const top = h - bh;
    out += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" fill="${palette.forms[3 + Math.floor(random() * 2)]}"/>`;
    const cols = Math.max(1, Math.floor(bw / (w * 0.016)));
    const rows = Math.min(24, Math.floor(bh / (h * 0.03)));
    for (let r = 1; r < rows; r++)
      for (let c = 0; c < cols; c++)
        if (random() < 0.28)
          windows += `<rect x="${f(x + ((c + 0.3) * bw) / cols)}" y="${f(top + r * h * 0.03)}" width="${f((bw / cols) * 0.4)}" height="${f(h * 0.012)}"/>`;
    x += bw + w * between(random, 0, 0.012);
  }
  return `${out}<g fill="${palette.accent}" opacity="0.8">${windows}</g>`;
};

const trees: Layer = ({ width: w, height: h, palette, random }) => {
  let out = "";
  const count = 18 + Math.floor(random() * 18);
  const items = Array.from({ length: count }, () => ({ x: between(random, -0.05, 1.05) * w, depth: random() }));
  items.sort((a, b) => a.depth - b.depth);
  for (const { x, depth } of items) {
    const size = h * (0.12 + 0.3 * depth);
    const ground = h * (0.7 + 0.28 * depth);
    const colour = palette.forms[Math.min(4, 2 + Math.floor(depth * 3))];
    out += `<rect x="${f(x - size * 0.04)}" y="${f(ground - size * 0.25)}" width="${f(size * 0.08)}" height="${f(size * 0.25)}" fill="${palette.forms[4]}"/>`;
    for (let t = 0; t < 3; t++) {
      const top = ground - size * (1 - t * 0.22);
      const half = size * (0.18 + t * 0.07);
      out += `<path d="M${f(x)} ${f(top)} L${f(x - half)} ${f(top + size * 0.4)} L${f(x + half)} ${f(top + size * 0.4)} Z" fill="${colour}"/>`;
    }
  }
  return out;
};

const flames: Layer = ({ width: w, height: h, palette, random }) => {
  let out = "";
  const tongues = 7 + Math.floor(random() * 6);
  for (let i = 0; i < tongues; i++) {
    const x = between(random, 0.05, 0.95) * w;
    const tall = h * between(random, 0.25, 0.6);
    const half = w * between(random, 0.04, 0.1);
    const sway = between(random, -half, half);
    const d = `M${f(x - half)} ${f(h)} C${f(x - half)} ${f(h - tall * 0.5)} ${f(x + sway)} ${f(h - tall * 0.7)} ${f(x + sway * 0.5)} ${f(h - tall)} C${f(x + sway)} ${f(h - tall * 0.6)} ${f(x + half)} ${f(h - tall * 0.5)} ${f(x + half)} ${f(h)} Z`;
    out += `<path d="${d}" fill="${i % 2 ? palette.accent : palette.forms[i % 5]}" opacity="${f(between(random, 0.55, 0.9))}"/>`;
  }
  return out;
};

const planets: Layer = ({ width: w, height: h, palette, random }) => {
  let out = "";
  const count = 1 + Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const r = Math.min(w, h) * between(random, 0.05, 0.22);
    const cx = between(random, 0.15, 0.85) * w;
    const cy = between(random, 0.25, 0.8) * h;
    out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${palette.forms[1 + i]}"/>`;
    out += `<circle cx="${f(cx - r * 0.3)}" cy="${f(cy - r * 0.3)}" r="${f(r * 0.75)}" fill="${palette.accent}" opacity="0.18"/>`;
    if (random() < 0.6)
      out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.8)}" ry="${f(r * 0.35)}" fill="none" stroke="${palette.accent}" stroke-width="${f(r * 0.08)}" opacity="0.6" transform="rotate(${f(between(random, -25, 25))} ${f(cx)} ${f(cy)})"/>`;
  }
  return out;
};

const abstractForms: Layer = ({ width: w, height: h, palette, random }) => {
  let out = "";
  const count = 7 + Math.floor(random() * 8);
  const m = Math.min(w, h);
  for (let i = 0; i < count; i++) {
    const colour = random() < 0.2 ? palette.accent : pick(random, palette.forms);
    const cx = between(random, 0.05, 0.95) * w;
    const cy = between(random, 0.05, 0.95) * h;
    const opacity = f(between(random, 0.45, 0.9));
    const kind = Math.floor(random() * 3);
    if (kind === 0)
      out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(m * between(random, 0.04, 0.26))}" fill="${colour}" opacity="${opacity}"/>`;
    else if (kind === 1) {
      const rw = m * between(random, 0.1, 0.45);
      const rh = m * between(random, 0.05, 0.3);
      out += `<rect x="${f(cx - rw / 2)}" y="${f(cy - rh / 2)}" width="${f(rw)}" height="${f(rh)}" rx="${f(rh * between(random, 0, 0.5))}" fill="${colour}" opacity="${opacity}" transform="rotate(${f(between(random, -60, 60))} ${f(cx)} ${f(cy)})"/>`;
    } else {
      const r = m * between(random, 0.1, 0.4);
      const a0 = between(random, 0, Math.PI * 2);
      const a1 = a0 + between(random, 0.8, 2.6);
      const d = `M${f(cx + r * Math.cos(a0))} ${f(cy + r * Math.sin(a0))} A${f(r)} ${f(r)} 0 0 1 ${f(cx + r * Math.cos(a1))} ${f(cy + r * Math.sin(a1))}`;
      out += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${f(m * between(random, 0.01, 0.05))}" stroke-linecap="round" opacity="${opacity}"/>`;
    }
  }
  return out;
};

const LAYERS = {
  ridges: ridges(3, false),
  ridge: ridges(1, false),
  dunes: ridges(3, true),
  waves,
  skyline,
  trees,
  flames,
  planets,
} satisfies Record<string, Layer>;
type LayerName = keyof typeof LAYERS;
/** Painting order: ground first, then what stands on it. */
const ORDER: readonly LayerName[] = ["ridges", "dunes", "ridge", "waves", "skyline", "trees", "flames", "planets"];

/** Which forms each theme draws. */
const THEME_LAYERS: Partial<Record<Theme, LayerName[]>> = {
  city: ["skyline"],
  ocean: ["waves"],
  forest: ["ridge", "trees"],
  fire: ["ridge", "flames"],
  desert: ["dunes"],
  snow: ["ridges"],
  mountain: ["ridges"],
  space: ["planets"],
  storm: ["ridges"],
};

function layersFor(o: SceneOptions): Layer[] {
  const names = new Set(o.palette.themes.flatMap((t) => THEME_LAYERS[t] ?? []));
  // One ground at most: full ridges or dunes make a single ridge redundant.
  if (names.has("ridges") || names.has("dunes")) names.delete("ridge");
  if (names.has("ridges") && names.has("dunes")) names.delete("dunes");
  const chosen = ORDER.filter((n) => names.has(n)).map((n) => LAYERS[n]);
  if (chosen.length > 0) return chosen;
  return o.abstract ? [abstractForms] : [LAYERS.ridges];
}

function stars({ width: w, height: h, random }: SceneOptions): string {
  let out = "";
  const count = 60 + Math.floor(random() * 80);
  for (let i = 0; i < count; i++)
    out += `<circle cx="${f(random() * w)}" cy="${f(random() * h * 0.6)}" r="${f(between(random, 0.5, 2) * (w / 1024))}" opacity="${f(between(random, 0.3, 1))}"/>`;
  return `<g fill="#ffffff">${out}</g>`;
}

function celestial({ width: w, height: h, palette, random }: SceneOptions): string {
  const r = Math.min(w, h) * between(random, 0.05, 0.11);
  const cx = between(random, 0.18, 0.82) * w;
  const cy = between(random, 0.12, 0.4) * h;
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 3.2)}" fill="url(#glow)"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${palette.accent}"/>`;
}

export function sketchSvg(o: SceneOptions): string {
  const { width: w, height: h, palette, random } = o;
  const defs =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="${f(between(random, -0.3, 0.3))}" y2="1">` +
    `<stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="0.55" stop-color="${palette.sky[1]}"/><stop offset="1" stop-color="${palette.sky[2]}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vignette" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs>`;
  let body = o.background ? `<rect width="${w}" height="${h}" fill="url(#sky)"/>` : "";
  const themes = palette.themes;
  if (o.background && (palette.dark || themes.includes("space"))) body += stars(o);
  const wantsLight = themes.some((t) => t === "night" || t === "sunset" || t === "desert" || t === "snow" || t === "fire");
  if (wantsLight || (!themes.includes("space") && random() < 0.5)) body += celestial(o);
  let forms = "";
  for (const layer of layersFor(o)) forms += layer(o);
  // Over a context image the forms are a translucent layer, so the picture stays readable beneath them.
  body += o.background ? forms : `<g opacity="0.6">${forms}</g>`;
  if (o.background) body += `<rect width="${w}" height="${h}" fill="url(#vignette)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${body}</svg>`;
}
