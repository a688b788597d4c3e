/**
 * Only the run engine's registry (server/runs/registry.ts) tells a run's kind from the strings a run
 * carries (`tool:…` model ids, `detached:…` node ids, the animatic's model id) or compares kind ids. Every
 * other server file gets a run's behaviour from its registered kind. Before the engine, the runner and the
 * service branched on these strings in five places.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(__dirname, "..");
const ROOM = path.join(SERVER, "runs");

/** Ways of deciding a run's kind from a string. */
const KIND_BRANCHES: { name: string; pattern: RegExp }[] = [
  { name: "a tool run's model id prefix", pattern: /["'`]tool:|TOOL_RUN_PREFIX|toolIdOfRun\s*\(/ },
  { name: "a detached run's node id prefix", pattern: /["'`]detached:/ },
  {
    name: "the animatic's model id compared",
    pattern: /[!=]==?\s*ANIMATIC_RUN_MODEL|ANIMATIC_RUN_MODEL\s*[!=]==?|["'`]local\/animatic["'`]/,
  },
  {
    name: "a run kind id compared",
    pattern:
      /RUN_KIND_IDS\.\w+\s*[!=]==?|[!=]==?\s*RUN_KIND_IDS\.|\bkind(?:\.id)?\s*[!=]==?\s*["'`](?:model|shot-image|tool|lora-training|animatic)["'`]/,
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === ROOM || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const offences = (text: string) =>
  KIND_BRANCHES.filter((b) => text.split("\n").some((line) => !/^\s*(\/\/|\*)/.test(line) && b.pattern.test(line))).map((b) => b.name);

describe("run kinds", () => {
  it("the guard recognises each way of branching on a run-kind string", () => {
    expect(offences(`if (toolIdOfRun(row.modelId)) run()`)).toEqual(["a tool run's model id prefix"]);
    expect(offences(`const detached = row.nodeId.startsWith("detached:")`)).toEqual(["a detached run's node id prefix"]);
    expect(offences(`if (row.modelId === ANIMATIC_RUN_MODEL) render()`)).toEqual(["the animatic's model id compared"]);
    expect(offences(`if (row.kind === "tool") x()`)).toEqual(["a run kind id compared"]);
    expect(offences(`// a comment may name "tool:" runs`)).toEqual([]);
  });

  it("no server file outside server/runs branches on a run-kind string", () => {
    const found = sourceFiles(SERVER).flatMap((file) =>
      offences(readFileSync(file, "utf8")).map((what) => `${path.relative(SERVER, file)}: ${what}`),
    );
    expect(found).toEqual([]);
  });
});
