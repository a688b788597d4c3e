// Writes app/canvas/nodes/studio-environment.hdr, the lighting every 3D viewer uses: a small equirectangular
// studio (soft dome, darker floor, key / fill / rim softboxes) in Radiance RGBE, flat scanlines.
//
// Why a file rather than model-viewer's built-in "neutral" lighting: that one renders a room scene into a
// cube map on the GPU at every viewer start, which under software WebGL (no GPU: CI, remote desktops, some
// laptops' fallbacks) took ~8 s of the ~9 s to first draw; this 32 KB map looks the same and loads in ~1.3 s there.
// Run `node scripts/make-studio-environment.mjs` after changing a number; a test checks the file matches.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const WIDTH = 128;
export const HEIGHT = 64;
const DOME_TOP = 1.1;
const HORIZON = 0.7;
const FLOOR = 0.3;
/** Azimuth and elevation of each softbox's centre (degrees), its half-size, and its brightness over the dome. */
const SOFTBOXES = [
  { azimuth: -50, elevation: 35, halfWidth: 28, halfHeight: 18, gain: 8 }, // key
  { azimuth: 60, elevation: 25, halfWidth: 30, halfHeight: 14, gain: 3 }, // fill
  { azimuth: 170, elevation: 45, halfWidth: 20, halfHeight: 10, gain: 4 }, // rim
];

const smoothstep = (edge0, edge1, x) => {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};

/** Linear radiance towards (azimuth, elevation) in degrees. */
export function radiance(azimuth, elevation) {
  let value =
    elevation >= 0
      ? HORIZON + (DOME_TOP - HORIZON) * Math.sin((elevation * Math.PI) / 180)
      : FLOOR + (HORIZON - FLOOR) * 0.5 * smoothstep(-20, 0, elevation);
  for (const box of SOFTBOXES) {
    let d = Math.abs(azimuth - box.azimuth);
    d = Math.min(d, 360 - d);
    value +=
      (1 - smoothstep(box.halfWidth * 0.6, box.halfWidth, d)) *
      (1 - smoothstep(box.halfHeight * 0.6, box.halfHeight, Math.abs(elevation - box.elevation))) *
      box.gain;
  }
  return value;
}

/** One RGBE pixel: a shared exponent byte, mantissas scaled to 0–255. */
function rgbe(r, g, b) {
  const max = Math.max(r, g, b);
  if (max < 1e-32) return [0, 0, 0, 0];
  const exponent = Math.ceil(Math.log2(max) + 1e-9);
  const scale = 256 / 2 ** exponent;
  return [Math.min(255, Math.floor(r * scale)), Math.min(255, Math.floor(g * scale)), Math.min(255, Math.floor(b * scale)), exponent + 128];
}

export function studioEnvironment() {
  const header = Buffer.from(`#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y ${HEIGHT} +X ${WIDTH}\n`, "ascii");
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    const elevation = 90 - ((y + 0.5) * 180) / HEIGHT;
    for (let x = 0; x < WIDTH; x++) {
      const azimuth = ((x + 0.5) * 360) / WIDTH - 180;
      const v = radiance(azimuth, elevation);
      pixels.set(rgbe(v, v, v * 1.03), (y * WIDTH + x) * 4); // a touch cool, like daylight-balanced softboxes
    }
  }
  return Buffer.concat([header, pixels]);
}

export const ENVIRONMENT_FILE = fileURLToPath(new URL("../app/canvas/nodes/studio-environment.hdr", import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ENVIRONMENT_FILE, studioEnvironment());
  console.log(`wrote ${ENVIRONMENT_FILE}`);
}
