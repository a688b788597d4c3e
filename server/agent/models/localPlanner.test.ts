import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { agentPlanSchema } from "../../../domain/agent/plan";
import { tinyLlamaGguf } from "../../generation/local/tinyGguf";
import { answerOf, createLocalPlanner, localPlanSchema } from "./localPlanner";
import { buildPlannerInput } from "./fakes/plannerInput";

const dir = mkdtempSync(path.join(os.tmpdir(), "agent-local-llm-"));
const gguf = path.join(dir, "tiny.gguf");
writeFileSync(gguf, tinyLlamaGguf());
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe("the local GGUF planner's answer", () => {
  it("reads the grammar's JSON as a plan, leaving out the texts the model left empty", () => {
    const answer = answerOf(
      JSON.stringify({
        summary: "Adds a lighthouse shot and runs it.",
        steps: [
          {
            op: "add-node",
            key: "a",
            kind: "image",
            title: "Lighthouse",
            prompt: "a lighthouse at dusk",
            model: "local/sketch",
            aspectRatio: "",
            inputs: [],
          },
          { op: "update-node", node: "hero", title: "", prompt: "the rider at dawn", model: "", aspectRatio: "16:9" },
          { op: "run-node", node: "new:a" },
        ],
      }),
    );
    expect(answer.reply).toBe("Adds a lighthouse shot and runs it.");
    expect(answer.plan!.steps).toEqual([
      { op: "add-node", key: "a", kind: "image", title: "Lighthouse", prompt: "a lighthouse at dusk", model: "local/sketch", inputs: [] },
      { op: "update-node", node: "hero", set: { prompt: "the rider at dawn", aspectRatio: "16:9" } },
      { op: "run-node", node: "new:a" },
    ]);
  });

  it("answers without a plan when there are no steps, or when they do not make one, and says why", () => {
    expect(answerOf(JSON.stringify({ summary: "Nothing to change.", steps: [] }))).toEqual({ reply: "Nothing to change.", plan: null });
    const bad = answerOf(JSON.stringify({ summary: "Lay out.", steps: [{ op: "layout", nodes: [], arrangement: "row" }] }));
    expect(bad.plan).toBeNull();
    expect(bad.reply).toMatch(/^Lay out\.\n\(The local model's plan could not be used: /);
    expect(() => answerOf('{"summary": "cut off')).toThrow(
      "The local model's answer was not complete JSON. Try again, or ask for less at once.",
    );
  });

  it("names only this canvas's nodes (the selection first), new nodes, and the catalogue's models and tools", () => {
    const input = buildPlannerInput();
    const schema = localPlanSchema(input, 3) as {
      properties: { steps: { maxItems: number; items: { oneOf: { properties: Record<string, { enum?: unknown[]; const?: string }> }[] } } };
    };
    const steps = schema.properties.steps;
    expect(steps.maxItems).toBe(3);
    const run = steps.items.oneOf.find((s) => s.properties.op!.const === "run-node")!;
    expect(run.properties.node!.enum!.slice(0, input.selection.length)).toEqual(input.selection);
    expect(run.properties.node!.enum).toEqual(expect.arrayContaining(["new:a", "new:h"]));
    const add = steps.items.oneOf.find((s) => s.properties.op!.const === "add-node")!;
    expect(add.properties.model!.enum).toEqual(expect.arrayContaining(["", "local/sketch", "local/video-ffmpeg"]));
    expect(steps.items.oneOf.some((s) => s.properties.op!.const === "insert-block")).toBe(false);
  });

  it("offers insert-block naming only the asker's own blocks, and reads it as a plan step", () => {
    const input = { ...buildPlannerInput(), library: [{ name: "Character turnaround", description: "", inputs: ["Photo"], outputs: [] }] };
    const schema = localPlanSchema(input, 3) as {
      properties: { steps: { items: { oneOf: { properties: Record<string, { enum?: unknown[]; const?: string }> }[] } } };
    };
    const insert = schema.properties.steps.items.oneOf.find((s) => s.properties.op!.const === "insert-block")!;
    expect(insert.properties.block!.enum).toEqual(["Character turnaround"]);
    expect(insert.properties.input!.enum).toEqual(expect.arrayContaining(["", ...input.selection]));

    const answer = answerOf(
      JSON.stringify({
        summary: "Adds your turnaround block on the hero image.",
        steps: [
          { op: "insert-block", key: "a", block: "Character turnaround", input: input.selection[0] },
          { op: "insert-block", key: "b", block: "Character turnaround", input: "" },
        ],
      }),
    );
    expect(answer.plan!.steps).toEqual([
      { op: "insert-block", key: "a", block: "Character turnaround", input: input.selection[0] },
      { op: "insert-block", key: "b", block: "Character turnaround" },
    ]);
  });
});

/** node-llama-cpp is optional (not in package.json), as in the local LLM's own suite. */
const llamaInstalled = (() => {
  try {
    createRequire(import.meta.url).resolve("node-llama-cpp");
    return true;
  } catch {
    return false;
  }
})();

describe("the local GGUF planner with a real model file", () => {
  it("answers under the grammar: JSON of the plan's shape, so either a valid plan or a reply saying why not", async () => {
    vi.stubEnv("LOCAL_LLM_MODEL", gguf);
    vi.stubEnv("LOCAL_LLM_THREADS", "1");
    const planner = createLocalPlanner({ maxSteps: 2, maxTokens: 600 });
    expect(planner.name).toBe("Local LLM tiny.gguf");
    if (!llamaInstalled) {
      await expect(planner.plan(buildPlannerInput())).rejects.toThrow("node-llama-cpp is not installed");
      return;
    }
    // A random-weight model: what it says is noise, but the grammar holds it to the plan's JSON.
    const answer = await planner.plan(buildPlannerInput());
    expect(typeof answer.reply).toBe("string");
    if (answer.plan) expect(agentPlanSchema.safeParse(answer.plan).success).toBe(true);
  }, 120_000);
});
