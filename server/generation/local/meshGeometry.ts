/**
 * Triangle geometry for Local Mesh: surfaces of revolution (lathe: vases, cylinders, cones, spheres), boxes,
 * tori and lumpy spheres, each with normals, counter-clockwise front faces (glTF's rule) and Y up.
 */
import { between, type Random } from "./random";

export interface Geometry {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** A profile point: distance from the Y axis and height. Repeating a point makes a hard edge there. */
export type ProfilePoint = readonly [radius: number, y: number];

/**
 * Revolves a profile (bottom to top) about Y. Each point's normal is the average of its two segments'
 * normals, except where a segment has zero length (a repeated point), which gives a crease.
 */
export function lathe(profile: readonly ProfilePoint[], segments: number): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  const n = profile.length;
  const segNormal = (a: ProfilePoint, b: ProfilePoint): [number, number] | null => {
    const dr = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dr, dy);
    // Outward normal of a segment going up the profile: (dy, -dr).
    return len < 1e-9 ? null : [dy / len, -dr / len];
  };
  const pointNormals = profile.map((p, i) => {
    const before = i > 0 ? segNormal(profile[i - 1] as ProfilePoint, p) : null;
    const after = i < n - 1 ? segNormal(p, profile[i + 1] as ProfilePoint) : null;
    const nr = (before?.[0] ?? 0) + (after?.[0] ?? 0);
    const ny = (before?.[1] ?? 0) + (after?.[1] ?? 0);
    const len = Math.hypot(nr, ny) || 1;
    return [nr / len, ny / len] as const;
  });
  for (let s = 0; s <= segments; s++) {
    const a = (s / segments) * Math.PI * 2;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    profile.forEach(([r, y], i) => {
      const [nr, ny] = pointNormals[i] as readonly [number, number];
      g.positions.push(r * cos, y, -r * sin);
      g.normals.push(nr * cos, ny, -nr * sin);
    });
  }
  for (let s = 0; s < segments; s++)
    for (let i = 0; i < n - 1; i++) {
      const a = s * n + i;
      const b = (s + 1) * n + i;
      g.indices.push(a, b, a + 1, b, b + 1, a + 1);
    }
  return g;
}

export function sphere(radius: number, segments: number): Geometry {
  const rings = Math.max(4, Math.round(segments / 2));
  const profile: ProfilePoint[] = Array.from({ length: rings + 1 }, (_, i) => {
    const t = -Math.PI / 2 + (Math.PI * i) / rings;
    return [radius * Math.cos(t), radius * Math.sin(t)];
  });
  return lathe(profile, segments);
}

/** A closed cylinder (or a cone, with topRadius 0) standing on y = 0. */
export function cylinder(bottomRadius: number, topRadius: number, height: number, segments: number): Geometry {
  return lathe(
    [
      [0, 0],
      [bottomRadius, 0],
      [bottomRadius, 0],
      [topRadius, height],
      [topRadius, height],
      [0, height],
    ],
    segments,
  );
}

/** An axis-aligned box centred on the origin, four vertices per face for flat shading. */
export function box(width: number, height: number, depth: number): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  const [x, y, z] = [width / 2, height / 2, depth / 2];
  // Each face: normal, then four corners counter-clockwise seen from outside.
  const faces: [number[], number[][]][] = [
    [
      [1, 0, 0],
      [
        [x, -y, z],
        [x, -y, -z],
        [x, y, -z],
        [x, y, z],
      ],
    ],
    [
      [-1, 0, 0],
      [
        [-x, -y, -z],
        [-x, -y, z],
        [-x, y, z],
        [-x, y, -z],
      ],
    ],
    [
      [0, 1, 0],
      [
        [-x, y, z],
        [x, y, z],
        [x, y, -z],
        [-x, y, -z],
      ],
    ],
    [
      [0, -1, 0],
      [
        [-x, -y, -z],
        [x, -y, -z],
        [x, -y, z],
        [-x, -y, z],
      ],
    ],
    [
      [0, 0, 1],
      [
        [-x, -y, z],
        [x, -y, z],
        [x, y, z],
        [-x, y, z],
      ],
    ],
    [
      [0, 0, -1],
      [
        [x, -y, -z],
        [-x, -y, -z],
        [-x, y, -z],
        [x, y, -z],
      ],
    ],
  ];
  for (const [normal, corners] of faces) {
    const base = g.positions.length / 3;
    for (const c of corners) {
      g.positions.push(...c);
      g.normals.push(...normal);
    }
    g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return g;
}

/** A torus around the Y axis. */
export function torus(radius: number, tube: number, segments: number): Geometry {
  const tubeSegments = Math.max(6, Math.round(segments / 2));
  const profile: ProfilePoint[] = Array.from({ length: tubeSegments + 1 }, (_, i) => {
    // Starting at the bottom and moving outwards keeps the surface facing out (see lathe's normals).
    const t = -Math.PI / 2 + (Math.PI * 2 * i) / tubeSegments;
    return [radius + tube * Math.cos(t), tube * Math.sin(t)];
  });
  return lathe(profile, segments);
}

/** A sphere pushed in and out by a few random waves: rocks, asteroids, blobs. Normals are recomputed. */
export function lumpySphere(radius: number, segments: number, random: Random, roughness = 0.18): Geometry {
  const g = sphere(radius, segments);
  const waves = Array.from({ length: 5 }, () => ({
    dir: normalise([between(random, -1, 1), between(random, -1, 1), between(random, -1, 1)]),
    freq: between(random, 1.5, 4),
    phase: between(random, 0, Math.PI * 2),
    amp: between(random, 0.3, 1),
  }));
  for (let i = 0; i < g.positions.length; i += 3) {
    const p = [g.positions[i] as number, g.positions[i + 1] as number, g.positions[i + 2] as number];
    const d = normalise(p);
    let bump = 0;
    for (const w of waves) bump += w.amp * Math.sin(w.freq * (d[0] * w.dir[0] + d[1] * w.dir[1] + d[2] * w.dir[2]) * Math.PI + w.phase);
    const r = radius * (1 + (roughness * bump) / waves.length);
    g.positions[i] = d[0] * r;
    g.positions[i + 1] = d[1] * r;
    g.positions[i + 2] = d[2] * r;
  }
  return withSmoothNormals(g);
}

function normalise(v: number[]): [number, number, number] {
  const len = Math.hypot(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0) || 1;
  return [(v[0] ?? 0) / len, (v[1] ?? 0) / len, (v[2] ?? 0) / len];
}

/** Area-weighted vertex normals; vertices at the same position (the lathe seam, the poles) share them. */
function withSmoothNormals(g: Geometry): Geometry {
  const key = (i: number) =>
    `${g.positions[i * 3]?.toFixed(5)},${g.positions[i * 3 + 1]?.toFixed(5)},${g.positions[i * 3 + 2]?.toFixed(5)}`;
  const sums = new Map<string, [number, number, number]>();
  const at = (i: number): [number, number, number] => [
    g.positions[i * 3] as number,
    g.positions[i * 3 + 1] as number,
    g.positions[i * 3 + 2] as number,
  ];
  for (let t = 0; t < g.indices.length; t += 3) {
    const [a, b, c] = [g.indices[t] as number, g.indices[t + 1] as number, g.indices[t + 2] as number];
    const [pa, pb, pc] = [at(a), at(b), at(c)];
    const u = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
    const v = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]];
    const n: [number, number, number] = [
      (u[1] as number) * (v[2] as number) - (u[2] as number) * (v[1] as number),
      (u[2] as number) * (v[0] as number) - (u[0] as number) * (v[2] as number),
      (u[0] as number) * (v[1] as number) - (u[1] as number) * (v[0] as number),
    ];
    for (const i of [a, b, c]) {
      const k = key(i);
      const s = sums.get(k) ?? [0, 0, 0];
      sums.set(k, [s[0] + n[0], s[1] + n[1], s[2] + n[2]]);
    }
  }
  const normals: number[] = [];
  for (let i = 0; i < g.positions.length / 3; i++) normals.push(...normalise(sums.get(key(i)) ?? [0, 1, 0]));
  return { ...g, normals };
}
