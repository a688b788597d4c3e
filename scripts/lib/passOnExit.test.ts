import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A real launcher process using the same helper as `npm start`, with a real child that ends as told.
function launch(childCode: string) {
  const helper = path.join(import.meta.dirname, "passOnExit.mjs");
  const launcher = `
    import { spawn } from "node:child_process";
    import { passOnExit } from ${JSON.stringify(helper)};
    passOnExit(spawn(process.execPath, ["-e", ${JSON.stringify(childCode)}], { stdio: "inherit" }), "Test server");
  `;
  return spawnSync(process.execPath, ["--input-type=module", "-e", launcher], { encoding: "utf8", timeout: 20_000 });
}

describe("npm start passes on how its server ended", () => {
  it("exits with 128 + the signal number and says so when the server is killed by a signal", () => {
    const run = launch("process.kill(process.pid, 'SIGKILL')");
    expect(run.status).toBe(137);
    expect(run.stderr).toContain("Test server was killed by SIGKILL");
  });

  it("exits with the server's own failing code and logs it", () => {
    const run = launch("process.exit(3)");
    expect(run.status).toBe(3);
    expect(run.stderr).toContain("Test server exited with code 3");
  });

  it("exits 0 only when the server did", () => {
    const run = launch("process.exit(0)");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Test server exited normally");
  });
});
