/**
 * A plan's library blocks filled in (issue 34, 3): a planner names a block, the studio puts the asker's
 * own block (its inner graph as the library keeps it) into the step before the plan is stored, so the
 * browser compiles it like any step. A name the library does not hold turns the answer into one that says
 * which blocks there are, with no plan. With the studio's choices given, a block goes through the library
 * insert's own missing-model check: a model or tool that will not run here is swapped for its substitute
 * (the insert dialog's default), and the reply says so, or says which node will not run when none exists.
 */
import type { SubgraphData } from "../canvas/subgraph";
import { type CompatibilityIssue, compatibilityReport, issueKey, type StudioChoices, withSubstitutes } from "../workflowFile/compatibility";
import { findBlockName, listBlockNames } from "../library/blockNames";
import type { AgentPlan } from "./plan";
import type { PlannerAnswer } from "./planner";

export interface LibraryBlock {
  name: string;
  subgraph: SubgraphData;
}

export function fillBlocks<A extends PlannerAnswer>(answer: A, blocks: readonly LibraryBlock[], studio?: StudioChoices): A {
  if (!answer.plan?.steps.some((s) => s.op === "insert-block")) return answer;
  const names = blocks.map((b) => b.name);
  const steps: AgentPlan["steps"] = [];
  const notes: string[] = [];
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
    const checked = studio ? runnableHere(block, studio) : { subgraph: block.subgraph, notes: [] };
    notes.push(...checked.notes);
    steps.push({ ...step, block: block.name, subgraph: checked.subgraph });
  }
  const reply = notes.length ? `${answer.reply}\n\n${notes.join("\n")}` : answer.reply;
  return { ...answer, reply, plan: { ...answer.plan, steps } };
}

/** The block with every substitute taken, and a line per node whose model or tool will not run here. */
function runnableHere(block: LibraryBlock, studio: StudioChoices): { subgraph: SubgraphData; notes: string[] } {
  const issues = compatibilityReport(block.subgraph.nodes, block.subgraph.edges, studio);
  if (!issues.length) return { subgraph: block.subgraph, notes: [] };
  const accepted = new Set(issues.filter((i) => i.substitute).map(issueKey));
  return {
    subgraph: { ...block.subgraph, nodes: withSubstitutes(block.subgraph.nodes, issues, accepted) },
    notes: issues.map((issue) => issueNote(block.name, issue)),
  };
}

const issueNote = (blockName: string, issue: CompatibilityIssue) =>
  `In "${blockName}", ${issue.nodeTitle} uses ${issue.name}: ${issue.reason}. ` +
  (issue.substitute ? `I used ${issue.substitute.name} instead.` : "That node will not run until it has a model that runs here.");
