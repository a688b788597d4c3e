// bench/bundle: gzipped size of what the landing page and the dashboard load on first visit (goal ≤ 200 KiB
// of JS), read from a fresh production build's manifest. Lazy chunks (workspace, canvas, pricing) are listed
// apart, and the canvas must not be among the first-load files.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "dist/app");
const build = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
  cwd: root,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(path.join(out, ".vite/manifest.json"), "utf8"));
const gz = (file) => gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

// The first load is the entry chunk and everything it imports statically, never its dynamic imports.
const initial = new Set();
const css = new Set();
const walk = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  (chunk.css ?? []).forEach((c) => css.add(c));
  (chunk.imports ?? []).forEach(walk);
};
walk("index.html");

const jsBytes = [...initial].reduce((sum, f) => sum + gz(f), 0);
const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0);
const goal = 200 * 1024;
console.log("First load (landing and dashboard):");
for (const f of initial) console.log(`  ${f.padEnd(44)} ${kib(gz(f)).padStart(10)}`);
console.log(`  JS total, gzipped: ${kib(jsBytes)}  (goal ≤ ${kib(goal)}: ${(jsBytes / goal).toFixed(2)}× of budget)`);
console.log(`  CSS total, gzipped: ${kib(cssBytes)}`);

console.log("Loaded later, on demand:");
const canvasInInitial = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  console.log(`  ${key.padEnd(44)} ${kib(gz(chunk.file)).padStart(10)}`);
  if (key.includes("canvas/") && initial.has(chunk.file)) canvasInInitial.push(key);
}
if (canvasInInitial.length) {
  console.log(`WARNING: canvas code is in the first load: ${canvasInInitial.join(", ")}`);
  process.exitCode = 1;
}
