/**
 * "Upscale every image", "remove the background", "read this aloud", "grab the last frame", "trim it to
 * 3 seconds"…: the tool's run on each picked node it works on (toolRules.ts). Nodes of another kind, and
 * nodes whose picture or clip is not there yet, are left out and the summary says so.
 */
import { findTool, nodeMediaOf } from "../../../tools/catalogue";
import { PlanBuilder } from "../planBuilder";
import { needSelection, noPlan, skippedNote, titles, wrongKind } from "../replies";
import { subjectsOf, type NodeKind } from "../subjects";
import type { Intent } from "./intent";
import { TOOL_RULES, type ToolRule } from "./toolRules";
import { asksForNew } from "./wording";

const ruleFor = (head: string): ToolRule | undefined => TOOL_RULES.find((r) => r.pattern.test(head));

export const toolIntent: Intent = {
  name: "tool",
  matches: (req) => ruleFor(req.head) !== undefined,
  plan({ input, req }) {
    const rule = ruleFor(req.head)!;
    const tool = findTool(rule.tool);
    if (!tool) return null;
    const kinds = tool.accepts as NodeKind[];
    const subjects = subjectsOf(input, req, kinds);
    if (!subjects.nodes.length) {
      // "a looping video of waves", "a reversed shot": descriptions of something new, not a tool run.
      if (rule.weak || asksForNew(req.lower, "images?|pictures?|videos?|clips?|audio|3d models?|shots?")) return null;
      return subjects.skipped.length ? wrongKind(kinds, subjects.skipped) : needSelection(kinds);
    }
    const params = rule.params?.(req) ?? { parameters: {} };
    if ("ask" in params) return noPlan(params.ask);
    // A text node's text is there to read; media tools need the picture, clip or sound made first.
    const ready = subjects.nodes.filter((n) => (n.kind === "text" ? !!n.text?.trim() : n.hasMedia));
    const notReady = subjects.nodes.filter((n) => !ready.includes(n));
    if (!ready.length)
      return noPlan(
        `${titles(notReady)} ${notReady.length === 1 ? "has" : "have"} nothing for ${tool.name} to work on yet: run ${notReady.length === 1 ? "it" : "them"} first.`,
      );
    const plan = new PlanBuilder();
    for (const node of ready) plan.runTool(node.id, tool.id, params.parameters);
    const settings = Object.entries(params.parameters)
      .map(([k, v]) => `${k.replace(/_/g, " ")} ${String(v)}`)
      .join(", ");
    const output =
      tool.output.kind === "new-node" ? ` (into a new ${nodeNoun(tool.output.type)} beside ${ready.length === 1 ? "it" : "each"})` : "";
    return plan.answer(
      `${cap(rule.does)} ${titles(ready)} with ${tool.name}${settings ? `, ${settings}` : ""}${output}: ${plan.runs} ${plan.runs === 1 ? "run" : "runs"}.` +
        skippedNote(notReady, "nothing made yet") +
        skippedNote(subjects.skipped, `${tool.name} works on ${tool.accepts.join(" or ")}`),
    );
  },
};

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const nodeNoun = (type: string) => (nodeMediaOf(type) === "model3d" ? "3D model node" : `${type} node`);
