// The e2e suite drives Debian's Chromium (no browser download: the network here reaches only the npm
// registry and Debian). Find it; as root, install it; otherwise say the one command that does.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!existsSync(chromiumPath)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(`\nChromium was not found at ${chromiumPath}; the end-to-end tests need it.`);
    console.error("Install it with:  sudo apt-get update && sudo apt-get install -y chromium");
    console.error("(or point CHROMIUM_PATH at a Chromium binary)\n");
    process.exit(1);
  }
  console.log("Chromium not found: installing Debian's chromium package…");
  const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (run(["update", "-qq"]).status !== 0 || run(["install", "-y", "-qq", "chromium"]).status !== 0 || !existsSync(chromiumPath)) {
    console.error("Installing chromium failed; run: apt-get update && apt-get install -y chromium");
    process.exit(1);
  }
}
