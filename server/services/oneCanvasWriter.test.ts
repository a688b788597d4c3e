import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every server source file (tests left out), relative to the repository. */
function sources(dir = "server"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith(".ts") && !file.endsWith(".test.ts") ? [file] : [];
  });
}

// Drizzle's builders, or the database function the autosave's statement lives in (drizzle/0008).
const WRITES = /\.(insert|update|delete)\((nodes|edges|canvasGroups)\)|write_node_data\(/;
const PUBLISHES_CANVAS = /type:\s*"(nodes|structure)"/;
const ROWS_IMPORT = /from\s+"\.\/canvasRows"|from\s+"[./]*services\/canvasRows"/;

// docs/ARCHITECTURE.md "The canvas": one writer, one publisher. This keeps it true as the code grows.
describe("the canvas has one way in and out on the server", () => {
  const files = sources();

  it("only canvasService (through canvasRows) writes the nodes, edges and groups tables", () => {
    const writers = files.filter((f) => WRITES.test(readFileSync(f, "utf8")));
    expect(writers).toEqual([path.join("server", "services", "canvasRows.ts")]);
    const importers = files.filter((f) => ROWS_IMPORT.test(readFileSync(f, "utf8")));
    expect(importers).toEqual([path.join("server", "services", "canvasService.ts")]);
  });

  it("no code builds a canvas realtime message by hand", () => {
    expect(files.filter((f) => PUBLISHES_CANVAS.test(readFileSync(f, "utf8")))).toEqual([]);
  });
});
