/**
 * What Local Mesh builds for a prompt: a recipe of parts (geometry, material slot, placement) chosen from
 * keywords (tree, house, tower, vase, figure, rock, car…) or, for anything else, a sculpture assembled from
 * the prompt's hash. Sizes are in metres with the object standing on y = 0.
 */
import { box, cylinder, lathe, lumpySphere, sphere, torus, type Geometry, type ProfilePoint } from "./meshGeometry";
import { between, pick, type Random } from "./random";

/** Material slots: the main surface, a secondary one (trunk, roof, wheels) and an accent. */
export type Slot = "main" | "second" | "accent";

export interface Part {
  name: string;
  geometry: Geometry;
  slot: Slot;
  translation?: [number, number, number];
  /** Quaternion [x, y, z, w]. */
  rotation?: [number, number, number, number];
  /** Further placements of the same geometry (one mesh, several nodes: wheels, windows). */
  copies?: { translation: [number, number, number]; rotation?: [number, number, number, number] }[];
}

export interface ShapeContext {
  random: Random;
  segments: number;
}

export type ShapeKind = "tree" | "house" | "tower" | "vessel" | "figure" | "rock" | "vehicle" | "furniture" | "sculpture";

const KIND_WORDS: Readonly<Record<Exclude<ShapeKind, "sculpture">, readonly string[]>> = {
  tree: ["tree", "trees", "plant", "bush", "pine", "oak", "palm", "forest"],
  house: ["house", "home", "building", "hut", "cabin", "cottage", "barn", "shop", "church"],
  tower: ["tower", "castle", "lighthouse", "rocket", "spire", "minaret", "obelisk", "silo"],
  vessel: ["vase", "bottle", "cup", "mug", "jar", "pot", "lamp", "chalice", "goblet", "urn", "bowl", "glass", "teapot"],
  figure: ["robot", "character", "person", "figure", "man", "woman", "creature", "statue", "doll", "android", "soldier"],
  rock: ["rock", "stone", "boulder", "asteroid", "meteor", "planet", "moon", "crystal", "blob"],
  vehicle: ["car", "truck", "vehicle", "train", "bus", "van", "cart", "tank", "buggy"],
  furniture: ["table", "chair", "desk", "bench", "stool", "bed", "shelf", "cabinet"],
};

export function shapeKindOf(words: readonly string[], random: Random): ShapeKind {
  for (const word of words) for (const [kind, list] of Object.entries(KIND_WORDS)) if (list.includes(word)) return kind as ShapeKind;
  // No keyword: a vessel or a sculpture, decided by the prompt (the random stream is seeded by it).
  return random() < 0.35 ? "vessel" : "sculpture";
}

const yRotation = (angle: number): [number, number, number, number] => [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)];
const xRotation = (angle: number): [number, number, number, number] => [Math.sin(angle / 2), 0, 0, Math.cos(angle / 2)];

function tree({ random, segments }: ShapeContext): Part[] {
  const trunkH = between(random, 0.5, 0.9);
  const parts: Part[] = [{ name: "trunk", geometry: cylinder(0.09, 0.06, trunkH, segments), slot: "second" }];
  if (random() < 0.5) {
    const tiers = 3;
    for (let t = 0; t < tiers; t++) {
      const r = 0.55 - t * 0.13;
      parts.push({
        name: `crown-${t}`,
        geometry: cylinder(r, 0, 0.6, segments),
        slot: "main",
        translation: [0, trunkH * 0.7 + t * 0.32, 0],
      });
    }
  } else {
    parts.push({ name: "crown", geometry: lumpySphere(0.55, segments, random, 0.12), slot: "main", translation: [0, trunkH + 0.35, 0] });
  }
  return parts;
}

function house({ random, segments }: ShapeContext): Part[] {
  const w = between(random, 1, 1.6);
  const d = between(random, 0.9, 1.3);
  const h = between(random, 0.7, 1.1);
  const roofH = between(random, 0.4, 0.7);
  // A four-sided cone rotated 45° is a hip roof.
  const roof = cylinder(Math.max(w, d) * 0.78, 0, roofH, 4);
  return [
    { name: "walls", geometry: box(w, h, d), slot: "main", translation: [0, h / 2, 0] },
    { name: "roof", geometry: roof, slot: "second", translation: [0, h, 0], rotation: yRotation(Math.PI / 4) },
    { name: "door", geometry: box(0.22, 0.42, 0.04), slot: "accent", translation: [0, 0.21, d / 2 + 0.01] },
    {
      name: "chimney",
      geometry: cylinder(0.07, 0.07, 0.4, Math.max(6, segments / 2)),
      slot: "second",
      translation: [w * 0.25, h + roofH * 0.4, 0],
    },
  ];
}

function tower({ random, segments }: ShapeContext): Part[] {
  const levels = 2 + Math.floor(random() * 3);
  const parts: Part[] = [];
  let y = 0;
  let r = between(random, 0.35, 0.5);
  for (let i = 0; i < levels; i++) {
    const h = between(random, 0.5, 0.9);
    parts.push({
      name: `level-${i}`,
      geometry: cylinder(r, r * 0.92, h, segments),
      slot: i % 2 ? "second" : "main",
      translation: [0, y, 0],
    });
    y += h;
    parts.push({ name: `ring-${i}`, geometry: torus(r * 0.95, 0.04, segments), slot: "accent", translation: [0, y, 0] });
    r *= 0.85;
  }
  parts.push({
    name: "roof",
    geometry: cylinder(r * 1.25, 0, between(random, 0.4, 0.8), segments),
    slot: "second",
    translation: [0, y, 0],
  });
  return parts;
}

function vessel({ random, segments }: ShapeContext): Part[] {
  // A vase-like profile: foot, belly, neck, lip; random proportions within a plausible range.
  const h = between(random, 0.8, 1.4);
  const belly = between(random, 0.25, 0.45);
  const neck = between(random, 0.08, belly * 0.7);
  const lip = neck * between(random, 1.1, 1.6);
  const steps = Math.max(8, segments);
  const outer: ProfilePoint[] = [
    [0, 0],
    [belly * 0.6, 0],
    [belly * 0.6, 0],
  ];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    // belly bulge low, narrowing to the neck, flaring at the lip
    const r =
      t < 0.75
        ? belly * 0.6 + (belly - belly * 0.6) * Math.sin((t / 0.75) * Math.PI) + neck * (t / 0.75) * 0.6
        : neck + (lip - neck) * ((t - 0.75) / 0.25) ** 2;
    outer.push([Math.max(0.02, r), h * t]);
  }
  const top = outer[outer.length - 1] as ProfilePoint;
  // Fold back inside so the mouth is open and the wall has thickness.
  const profile: ProfilePoint[] = [...outer, top, [top[0] * 0.85, h], [top[0] * 0.85, h], [top[0] * 0.85, h * 0.6], [0, h * 0.55]];
  const parts: Part[] = [{ name: "body", geometry: lathe(profile, segments), slot: "main" }];
  if (random() < 0.5)
    parts.push({ name: "band", geometry: torus(belly * 0.98, 0.025, segments), slot: "accent", translation: [0, h * 0.3, 0] });
  return parts;
}

function figure({ random, segments }: ShapeContext): Part[] {
  const bodyH = between(random, 0.6, 0.9);
  const legH = between(random, 0.5, 0.7);
  const limb = Math.max(6, segments / 2);
  const leg = cylinder(0.08, 0.07, legH, limb);
  const arm = cylinder(0.06, 0.05, bodyH * 0.9, limb);
  const boxy = random() < 0.5;
  return [
    {
      name: "leg",
      geometry: leg,
      slot: "second",
      translation: [-0.13, 0, 0],
      copies: [{ translation: [0.13, 0, 0] }],
    },
    {
      name: "body",
      geometry: boxy ? box(0.5, bodyH, 0.3) : cylinder(0.22, 0.26, bodyH, segments),
      slot: "main",
      translation: boxy ? [0, legH + bodyH / 2, 0] : [0, legH, 0],
    },
    {
      name: "arm",
      geometry: arm,
      slot: "second",
      translation: [-0.33, legH + bodyH, 0],
      rotation: [0, 0, 1, 0],
      copies: [{ translation: [0.33, legH + bodyH, 0], rotation: [0, 0, 1, 0] }],
    },
    { name: "head", geometry: boxy ? box(0.32, 0.3, 0.3) : sphere(0.18, segments), slot: "main", translation: [0, legH + bodyH + 0.22, 0] },
    {
      name: "eye",
      geometry: sphere(0.035, limb),
      slot: "accent",
      translation: [-0.07, legH + bodyH + 0.25, 0.16],
      copies: [{ translation: [0.07, legH + bodyH + 0.25, 0.16] }],
    },
  ];
}

function rock({ random, segments }: ShapeContext): Part[] {
  const r = between(random, 0.5, 0.8);
  const parts: Part[] = [
    { name: "rock", geometry: lumpySphere(r, segments, random, between(random, 0.15, 0.3)), slot: "main", translation: [0, r * 0.8, 0] },
  ];
  const pebbles = Math.floor(random() * 3);
  for (let i = 0; i < pebbles; i++) {
    const pr = r * between(random, 0.15, 0.3);
    const a = between(random, 0, Math.PI * 2);
    parts.push({
      name: `pebble-${i}`,
      geometry: lumpySphere(pr, Math.max(8, segments / 2), random),
      slot: "second",
      translation: [Math.cos(a) * r * 1.3, pr * 0.7, Math.sin(a) * r * 1.3],
    });
  }
  return parts;
}

function vehicle({ random, segments }: ShapeContext): Part[] {
  const len = between(random, 1.4, 2);
  const w = between(random, 0.7, 0.9);
  const wheelR = between(random, 0.16, 0.22);
  const bodyH = between(random, 0.3, 0.45);
  const x = len * 0.32;
  const z = w / 2;
  // A wheel is a short cylinder turned on its side (about X, then it faces ±Z).
  const wheel = cylinder(wheelR, wheelR, 0.12, segments);
  const side = xRotation(Math.PI / 2);
  return [
    { name: "body", geometry: box(len, bodyH, w), slot: "main", translation: [0, wheelR + bodyH / 2, 0] },
    { name: "cabin", geometry: box(len * 0.5, bodyH * 0.8, w * 0.85), slot: "accent", translation: [-len * 0.05, wheelR + bodyH * 1.4, 0] },
    {
      name: "wheel",
      geometry: wheel,
      slot: "second",
      translation: [x, wheelR, z],
      rotation: side,
      copies: [
        { translation: [-x, wheelR, z], rotation: side },
        { translation: [x, wheelR, -z - 0.12], rotation: side },
        { translation: [-x, wheelR, -z - 0.12], rotation: side },
      ],
    },
  ];
}

function furniture({ random, segments }: ShapeContext): Part[] {
  const w = between(random, 0.8, 1.4);
  const d = between(random, 0.5, 0.9);
  const h = between(random, 0.45, 0.8);
  const squareLegs = random() < 0.5;
  // A box is centred on its origin, a cylinder stands on it.
  const legGeo = squareLegs ? box(0.07, h, 0.07) : cylinder(0.04, 0.03, h, Math.max(6, segments / 2));
  const lx = w / 2 - 0.08;
  const lz = d / 2 - 0.08;
  const y = squareLegs ? h / 2 : 0;
  return [
    { name: "top", geometry: box(w, 0.06, d), slot: "main", translation: [0, h + 0.03, 0] },
    {
      name: "leg",
      geometry: legGeo,
      slot: "second",
      translation: [lx, y, lz],
      copies: [{ translation: [-lx, y, lz] }, { translation: [lx, y, -lz] }, { translation: [-lx, y, -lz] }],
    },
  ];
}

function sculpture(ctx: ShapeContext): Part[] {
  const { random, segments } = ctx;
  const baseH = between(random, 0.15, 0.3);
  const parts: Part[] = [{ name: "plinth", geometry: cylinder(0.45, 0.4, baseH, segments), slot: "second" }];
  let y = baseH;
  const pieces = 2 + Math.floor(random() * 3);
  for (let i = 0; i < pieces; i++) {
    const kind = pick(random, ["sphere", "torus", "box", "cone"] as const);
    const s = between(random, 0.18, 0.35) * (1 - i * 0.12);
    const turn = yRotation(between(random, 0, Math.PI));
    const slot: Slot = i % 2 ? "accent" : "main";
    if (kind === "sphere") {
      parts.push({ name: `sphere-${i}`, geometry: sphere(s, segments), slot, translation: [0, y + s, 0] });
      y += s * 2;
    } else if (kind === "torus") {
      parts.push({
        name: `ring-${i}`,
        geometry: torus(s, s * 0.3, segments),
        slot,
        translation: [0, y + s * 1.3, 0],
        rotation: xRotation(Math.PI / 2),
      });
      y += s * 2.6;
    } else if (kind === "box") {
      parts.push({ name: `block-${i}`, geometry: box(s * 1.6, s * 1.6, s * 1.6), slot, translation: [0, y + s * 0.8, 0], rotation: turn });
      y += s * 1.6;
    } else {
      parts.push({ name: `cone-${i}`, geometry: cylinder(s, 0, s * 2.2, segments), slot, translation: [0, y, 0] });
      y += s * 2.2;
    }
  }
  return parts;
}

export const SHAPES: Readonly<Record<ShapeKind, (ctx: ShapeContext) => Part[]>> = {
  tree,
  house,
  tower,
  vessel,
  figure,
  rock,
  vehicle,
  furniture,
  sculpture,
};
