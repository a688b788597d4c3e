/**
 * Prompt words → colours. Theme words (night, sunset, ocean, forest, fire…) bias the hues and the light;
 * colour words add their hue; anything else falls back to hues hashed from the prompt's words, so every
 * prompt gets its own palette and the same prompt and seed always get the same one.
 */
import { between, hashString, randomFor, wordsOf, type Random } from "./random";

export type Theme = "night" | "sunset" | "ocean" | "forest" | "fire" | "desert" | "snow" | "city" | "space" | "mountain" | "storm";

interface ThemeLook {
  words: readonly string[];
  /** Hue centres (degrees) this theme pulls the palette towards. */
  hues: readonly number[];
  /** Background lightness and saturation (0–100). */
  light: number;
  saturation: number;
}

const THEMES: Readonly<Record<Theme, ThemeLook>> = {
  night: {
    words: ["night", "midnight", "moon", "moonlight", "dark", "noir", "nocturnal", "stars", "starry"],
    hues: [225, 250, 270],
    light: 14,
    saturation: 55,
  },
  sunset: {
    words: ["sunset", "dusk", "sunrise", "dawn", "golden", "twilight", "evening"],
    hues: [18, 35, 330, 290],
    light: 55,
    saturation: 80,
  },
  ocean: {
    words: ["ocean", "sea", "water", "beach", "wave", "waves", "river", "lake", "underwater", "rain", "harbour", "harbor", "coast"],
    hues: [190, 205, 175],
    light: 42,
    saturation: 65,
  },
  forest: {
    words: ["forest", "tree", "trees", "jungle", "garden", "grass", "leaf", "leaves", "woods", "nature", "meadow", "moss"],
    hues: [100, 130, 150, 80],
    light: 35,
    saturation: 50,
  },
  fire: {
    words: ["fire", "flame", "flames", "lava", "volcano", "explosion", "burning", "burn", "inferno", "ember", "embers"],
    hues: [5, 20, 40],
    light: 30,
    saturation: 90,
  },
  desert: { words: ["desert", "sand", "dune", "dunes", "canyon", "savanna", "dust"], hues: [30, 40, 20], light: 60, saturation: 60 },
  snow: {
    words: ["snow", "ice", "winter", "frost", "arctic", "glacier", "frozen", "cold"],
    hues: [195, 210, 220],
    light: 82,
    saturation: 35,
  },
  city: {
    words: ["city", "neon", "cyberpunk", "street", "urban", "downtown", "skyline", "skyscraper", "metropolis", "alley"],
    hues: [310, 185, 265],
    light: 18,
    saturation: 85,
  },
  space: {
    words: ["space", "galaxy", "cosmic", "nebula", "planet", "universe", "astronaut", "orbit"],
    hues: [265, 290, 230],
    light: 10,
    saturation: 70,
  },
  mountain: {
    words: ["mountain", "mountains", "peak", "peaks", "hill", "hills", "valley", "cliff", "alps"],
    hues: [210, 200, 160],
    light: 60,
    saturation: 35,
  },
  storm: {
    words: ["storm", "thunder", "lightning", "fog", "mist", "gloomy", "overcast"],
    hues: [215, 230, 200],
    light: 32,
    saturation: 18,
  },
};

const COLOUR_WORDS: Readonly<Record<string, number>> = {
  red: 0,
  crimson: 350,
  scarlet: 5,
  orange: 30,
  amber: 40,
  yellow: 55,
  gold: 45,
  golden: 45,
  lime: 90,
  green: 125,
  emerald: 145,
  teal: 175,
  cyan: 185,
  turquoise: 175,
  blue: 220,
  azure: 210,
  navy: 230,
  indigo: 250,
  violet: 270,
  purple: 280,
  magenta: 310,
  pink: 330,
  rose: 345,
  brown: 25,
  copper: 22,
};

export interface Palette {
  /** Three background gradient stops, top to bottom. */
  sky: [string, string, string];
  /** Colours for the layered forms, back to front. */
  forms: string[];
  /** A light that stands out: the sun, the moon, highlights. */
  accent: string;
  /** True for night-like palettes (dark background, light accents). */
  dark: boolean;
  themes: Theme[];
  /** The main hue in degrees (materials and title cards reuse it). */
  hue: number;
}

export function themesOf(words: readonly string[]): Theme[] {
  const set = new Set(words);
  return (Object.keys(THEMES) as Theme[]).filter((t) => THEMES[t].words.some((w) => set.has(w)));
}

export function colourHuesOf(words: readonly string[]): number[] {
  return words.flatMap((w) => (w in COLOUR_WORDS ? [COLOUR_WORDS[w] as number] : []));
}

export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** Hues the prompt asks for: theme hues, then colour words; else hashed from its longest words. */
function baseHues(words: readonly string[], themes: readonly Theme[], random: Random): number[] {
  const fromThemes = themes.flatMap((t) => THEMES[t].hues);
  const fromColours = colourHuesOf(words);
  const hues = [...fromColours, ...fromThemes];
  if (hues.length > 0) return hues;
  const longest = [...new Set(words)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, 3);
  if (longest.length === 0) return [between(random, 0, 360)];
  return longest.map((w) => hashString(w) % 360);
}

export function paletteFor(prompt: string, seed: number): Palette {
  const words = wordsOf(prompt);
  const themes = themesOf(words);
  const random = randomFor(prompt, seed, "palette");
  const hues = baseHues(words, themes, random);
  const jitter = () => between(random, -12, 12);
  const hueAt = (i: number) => (hues[i % hues.length] as number) + jitter();
  const looks = themes.map((t) => THEMES[t]);
  const light = looks.length ? looks.reduce((s, l) => s + l.light, 0) / looks.length : between(random, 35, 65);
  const saturation = looks.length ? looks.reduce((s, l) => s + l.saturation, 0) / looks.length : between(random, 45, 80);
  const dark = light < 30;
  const hue = hueAt(0);
  const sky: [string, string, string] = [
    hsl(hueAt(0), saturation, light + 18 * (dark ? 0.4 : 1)),
    hsl(hueAt(1), saturation, light + 4),
    hsl(hueAt(2), saturation * 0.9, Math.max(4, light - 14)),
  ];
  const forms = Array.from({ length: 5 }, (_, i) => {
    const depth = i / 4; // back forms are hazier and lighter, front ones darker and richer
    const l = dark ? 8 + 22 * (1 - depth) : Math.min(85, Math.max(10, light + 8 - 30 * depth));
    return hsl(hueAt(i + 1) + 8 * i, saturation * (0.6 + 0.4 * depth), l + between(random, -4, 4));
  });
  const accent = dark
    ? hsl(hueAt(0) + 180, 60, 85)
    : hsl(themes.includes("sunset") || themes.includes("fire") ? 45 : hueAt(0) + 150, 90, 70);
  return { sky, forms, accent, dark, themes, hue: ((hue % 360) + 360) % 360 };
}

/** "#rrggbb" → [r, g, b] in 0–255. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
