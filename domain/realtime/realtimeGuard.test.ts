import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const product = ["app", "server", "domain"]
  .flatMap((dir) => sources(join(ROOT, dir)))
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));

/** Files (outside `home`) where `pattern` occurs, with the first line it occurs on. */
function writtenOutside(home: string, pattern: RegExp): string[] {
  return product
    .filter((f) => !f.path.startsWith(home) && pattern.test(f.text))
    .map(
      (f) =>
        `${f.path}: ${f.text
          .split("\n")
          .find((l) => pattern.test(l))
          ?.trim()}`,
    );
}

describe("messages and changes are built by their constructors", () => {
  it("no live message is written as an object literal outside domain/realtime", () => {
    expect(
      writtenOutside("domain/realtime/", /\{ type: "(nodes|structure|generation|access|projects|script|queue)"|\{ type: "agent", message/),
    ).toEqual([]);
  });

  it("no canvas change is written as an object literal outside domain/canvas/changes.ts", () => {
    expect(
      writtenOutside(
        "domain/canvas/changes.ts",
        /\{ type: "(node-added|node-removed|node-restored|node-moved|node-data|edge-added|edge-removed|viewport)",/,
      ),
    ).toEqual([]);
  });

  it("the canvas's domain does not import the agent's (the agent builds on the canvas, not the other way)", () => {
    expect(writtenOutside("domain/agent/", /from "\.\.\/agent\//).filter((line) => line.startsWith("domain/canvas/"))).toEqual([]);
  });
});
