import { findModel } from "../generation/catalogue";
import { findTool } from "../tools/catalogue";
import { KIND_TITLES } from "./compilePlan";
import { isNewNodeRef, NEW_NODE_PREFIX, type AgentPlan, type PlanStep } from "./plan";

const modelName = (id: string | undefined) => (id ? (findModel(id)?.name ?? id) : null);
const quote = (s: string, max = 40) => `“${s.length > max ? `${s.slice(0, max)}…` : s}”`;

/** The lines a film maker reads in the plan before Apply; `titleOf` names the canvas's own nodes. */
export function describePlan(plan: AgentPlan, titleOf: (nodeId: string) => string | undefined): string[] {
  const added = new Map(
    plan.steps.flatMap((s) =>
      s.op === "add-node" ? [[s.key, s.title ?? s.key] as const] : s.op === "insert-block" ? [[s.key, s.block] as const] : [],
    ),
  );
  const ref = (r: string) =>
    isNewNodeRef(r) ? quote(added.get(r.slice(NEW_NODE_PREFIX.length)) ?? r.slice(NEW_NODE_PREFIX.length)) : quote(titleOf(r) ?? "a node");
  return plan.steps.map((s) => describeStep(s, ref));
}

function describeStep(step: PlanStep, ref: (r: string) => string): string {
  switch (step.op) {
    case "add-node": {
      const what = `Add ${KIND_TITLES[step.kind].toLowerCase()} ${quote(step.title ?? step.key)}`;
      const model = modelName(step.model);
      const bits = [
        model && `with ${model}`,
        step.aspectRatio,
        step.inputs.length ? `from ${step.inputs.length === 1 ? "1 node" : `${step.inputs.length} nodes`}` : null,
      ].filter(Boolean);
      return bits.length ? `${what} · ${bits.join(" · ")}` : what;
    }
    case "insert-block":
      return `Insert your block ${quote(step.block)}${step.input ? ` on ${ref(step.input)}` : ""}`;
    case "connect":
      return `Connect ${ref(step.from)} to ${ref(step.to)}`;
    case "update-node": {
      const s = step.set;
      const changes = [
        s.title && `rename to ${quote(s.title)}`,
        s.model && `model ${modelName(s.model)}`,
        s.aspectRatio && `ratio ${s.aspectRatio}`,
        s.prompt !== undefined && "new prompt",
        s.content !== undefined && "new text",
        s.parameters && "new settings",
      ].filter(Boolean);
      return `Change ${ref(step.node)}: ${changes.join(", ") || "settings"}`;
    }
    case "delete-node":
      return `Delete ${ref(step.node)}`;
    case "layout":
      return `Lay out ${step.nodes.length} nodes ${step.arrangement === "row" ? "left to right" : step.arrangement === "column" ? "top to bottom" : "in a grid"}`;
    case "run-node":
      return `Run ${ref(step.node)}`;
    case "run-from-here":
      return `Run ${ref(step.node)} and everything after it`;
    case "run-tool":
      return `${findTool(step.tool)?.name ?? step.tool} on ${ref(step.node)}`;
  }
}
