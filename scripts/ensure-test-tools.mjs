// The test suites use Debian's Chromium (e2e; no browser download: the network here reaches only the
// npm registry and Debian) and poppler-utils (reading exported PDFs back). Find them; as root, install
// what is missing; otherwise say the one command that installs them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const onPath = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

const missing = [];
if (!existsSync(chromiumPath)) missing.push("chromium");
if (!onPath("pdftotext") || !onPath("pdfinfo")) missing.push("poppler-utils");

if (missing.length) {
  const command = `apt-get update && apt-get install -y ${missing.join(" ")}`;
  if (process.getuid?.() !== 0) {
    console.error(`\nThe tests need ${missing.join(" and ")} (Debian packages). Install with:\n  sudo ${command}\n`);
    if (missing.includes("chromium")) console.error("(or point CHROMIUM_PATH at a Chromium binary)\n");
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} from Debian…`);
  const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (run(["update", "-qq"]).status !== 0 || run(["install", "-y", "-qq", ...missing]).status !== 0) {
    console.error(`Installing failed; run: ${command}`);
    process.exit(1);
  }
}
