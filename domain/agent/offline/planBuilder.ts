/**
 * Collects a plan's steps with unique node keys, and checks the finished plan against the plan schema, so
 * the rule-based planner can only answer with a plan every planner's plans are held to.
 */
import {
  agentPlanSchema,
  newNodeRef,
  type AgentPlan,
  type PlanNodeFields,
  type PlanNodeKind,
  type PlanNodeRef,
  type PlanStepInput,
} from "../plan";
import type { PlannerAnswer } from "../planner";

export class PlanBuilder {
  private readonly steps: PlanStepInput[] = [];
  private readonly counts = new Map<string, number>();
  /** The new nodes, in the order they were added. */
  readonly added: PlanNodeRef[] = [];
  /** How many runs (models and tools) the plan asks for. */
  runs = 0;

  /** Adds a node; `prefix` names its key ("img" → img1, img2…). */
  addNode(
    prefix: string,
    kind: PlanNodeKind,
    fields: PlanNodeFields,
    place: { inputs?: PlanNodeRef[]; near?: PlanNodeRef } = {},
  ): PlanNodeRef {
    const n = (this.counts.get(prefix) ?? 0) + 1;
    this.counts.set(prefix, n);
    const key = `${prefix}${n}`;
    this.steps.push({ op: "add-node", key, kind, ...fields, inputs: place.inputs ?? [], ...(place.near ? { near: place.near } : {}) });
    const ref = newNodeRef(key);
    this.added.push(ref);
    return ref;
  }

  /** One of the user's library blocks as a new subgraph node, `input` wired into its first image input. */
  insertBlock(block: string, input?: PlanNodeRef): PlanNodeRef {
    const n = (this.counts.get("block") ?? 0) + 1;
    this.counts.set("block", n);
    const key = `block${n}`;
    this.steps.push({ op: "insert-block", key, block, ...(input ? { input } : {}) });
    const ref = newNodeRef(key);
    this.added.push(ref);
    return ref;
  }

  connect(from: PlanNodeRef, to: PlanNodeRef): void {
    this.steps.push({ op: "connect", from, to });
  }

  update(node: PlanNodeRef, set: PlanNodeFields): void {
    this.steps.push({ op: "update-node", node, set });
  }

  remove(node: PlanNodeRef): void {
    this.steps.push({ op: "delete-node", node });
  }

  layout(nodes: PlanNodeRef[], arrangement: "row" | "column" | "grid"): void {
    if (nodes.length > 1) this.steps.push({ op: "layout", nodes, arrangement });
  }

  run(node: PlanNodeRef): void {
    this.steps.push({ op: "run-node", node });
    this.runs += 1;
  }

  /** The node and everything downstream of it ('Run from here'). */
  runFromHere(node: PlanNodeRef): void {
    this.steps.push({ op: "run-from-here", node });
    this.runs += 1;
  }

  runTool(node: PlanNodeRef, tool: string, parameters: Record<string, unknown> = {}): void {
    this.steps.push({ op: "run-tool", node, tool, parameters });
    this.runs += 1;
  }

  get size(): number {
    return this.steps.length;
  }

  /** The finished plan, checked against the schema (a planner bug throws here rather than reaching the canvas). */
  plan(summary: string): AgentPlan {
    return agentPlanSchema.parse({ summary, steps: this.steps });
  }

  /** The answer: the summary is also the reply. */
  answer(summary: string): PlannerAnswer {
    return { reply: summary, plan: this.plan(summary) };
  }
}
