/**
 * A plan's library blocks filled in (issue 34, 3): a planner names a block, the studio puts the asker's
 * own block (its inner graph as the library keeps it) into the step before the plan is stored, so the
 * browser compiles it like any step. A name the library does not hold turns the answer into one that says
 * which blocks there are, with no plan.
 */
import type { SubgraphData } from "../canvas/subgraph";
import { findBlockName, listBlockNames } from "../library/blockNames";
import type { AgentPlan } from "./plan";
import type { PlannerAnswer } from "./planner";

export interface LibraryBlock {
  name: string;
  subgraph: SubgraphData;
}

export function fillBlocks<A extends PlannerAnswer>(answer: A, blocks: readonly LibraryBlock[]): A {
  if (!answer.plan?.steps.some((s) => s.op === "insert-block")) return answer;
  const names = blocks.map((b) => b.name);
  const steps: AgentPlan["steps"] = [];
  for (const step of answer.plan.steps) {
    if (step.op !== "insert-block") {
      steps.push(step);
      continue;
    }
    const name = findBlockName(names, step.block);
    const block = blocks.find((b) => b.name === name);
    if (!block)
      return {
        ...answer,
        plan: null,
        reply: names.length
          ? `There is no block called "${step.block}" in your library. Your blocks are ${listBlockNames(names)}.`
          : "You have no blocks in your library yet. Open a subgraph's menu and choose Save to library, then ask me again.",
      };
    steps.push({ ...step, block: block.name, subgraph: block.subgraph });
  }
  return { ...answer, plan: { ...answer.plan, steps } };
}
