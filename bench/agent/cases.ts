/**
 * The agent eval's cases: requests as film makers write them, each on a starting canvas with
 * what is selected, in the agent's context and written in scripts, and what a right answer does. "Claimed"
 * cases are intents the planner says it understands: the plan must compile on the canvas and do what is
 * expected (nodes and kinds added, models, parameters, edges, runs). "Out of scope" cases are requests it
 * does not claim: the right answer is no plan and a reply that says what it can do.
 */
import { buildScript, type LineSpec } from "../../domain/agent/offline/plannerTesting";
import type { AgentCase } from "./cases/spec";
import { mediaCases } from "./cases/media";
import { storyboardPromptsToolsCases } from "./cases/storyboardPromptsTools";
import { canvasEditsCases } from "./cases/canvasEdits";
import { secondBatchCases } from "./cases/secondBatch";
import { outOfScopeCases } from "./cases/outOfScope";

export type { AgentCase, Expectation } from "./cases/spec";

export const CASES: readonly AgentCase[] = [
  ...mediaCases,
  ...storyboardPromptsToolsCases,
  ...canvasEditsCases,
  ...secondBatchCases,
  ...outOfScopeCases,
];

/** A script with one long scene, for timing the compile of a 30-node plan. */
export const LONG_SCRIPT = buildScript("script-long", "Long Night", [
  {
    heading: "EXT. DOCKS - NIGHT",
    lines: Array.from({ length: 30 }, (_, i): LineSpec => ["action", `Beat ${i + 1}: the crane swings a container over the black water.`]),
  },
]);
