// `npm start`: build the app when its sources are newer than the build, then serve app + API.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { passOnExit } from "./lib/passOnExit.mjs";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "dist/app/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, "app")),
  newestMtime(path.join(root, "domain")),
  statSync(path.join(root, "vite.config.ts")).mtimeMs,
  statSync(path.join(root, "package-lock.json")).mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log("Building the studio app…");
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
passOnExit(server, "Reelgraph server");
