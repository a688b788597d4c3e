/**
 * "Run the selected", "run everything", "regenerate these", "run every video": runs the picked nodes that
 * have a model, upstream ones first (a node after the nodes connected into it).
 */
import { findModel } from "../../../generation/catalogue";
import type { AgentNodeView, PlannerInput } from "../../planner";
import { PlanBuilder } from "../planBuilder";
import { needSelection, noPlan, skippedNote, titles } from "../replies";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";

const RUN = /^(?:re-?run|run|execute|re-?generate|re-?render|redo|retry|start|kick off|go)\b\s*/;
const GENERATE_PICKED =
  /^(?:generate|render|process)\s+(?=(?:it|them|this|that|these|those|everything|all|every|each|the selected|the selection|selected)\b)/;
const NODE_OBJECT =
  /^(?:$|it\b|this\b|that\b|these\b|those\b|them\b|all\b|every\b|each\b|everything\b|again\b|now\b|the selected\b|selected\b|the selection\b|my selection\b|the (?:whole |entire )?(?:canvas|board|workflow|graph|chain)\b|the (?:[a-z0-9]+ )?(?:nodes?|images?|pictures?|frames?|videos?|clips?|audio|texts?|notes?|prompts?|3d models?|cards?)\b|(?:the )?(?:node|card)s? (?:called|named|titled)\b|["']_+["'])/;
/** "Run from here", "run this and everything downstream", "run the rest of the chain from this one". */
const FROM_HERE = /\bfrom here\b|\bdownstream\b|\b(?:and )?everything (?:after|below|that follows)\b|\brest of the (?:chain|workflow)\b/;
const EVERYTHING =
  /\beverything\b|\ball (?:the )?nodes\b|\b(?:the )?(?:whole |entire )(?:canvas|board|workflow|graph)\b|^(?:run|execute) all$/;

export const runIntent: Intent = {
  name: "run",
  matches: (req) => RUN.test(req.head) || GENERATE_PICKED.test(req.head),
  plan({ input, req }) {
    const verb = RUN.exec(req.head) ?? GENERATE_PICKED.exec(req.head)!;
    const object = req.head.slice(verb[0].length);
    const subjects = subjectsOf(input, req);
    if (!NODE_OBJECT.test(object) && !FROM_HERE.test(object) && subjects.from !== "named") return null;
    const fromHere = FROM_HERE.test(req.lower);
    const everything = EVERYTHING.test(req.lower) && !fromHere && !/\bselect(?:ed|ion)\b/.test(req.lower);
    const picked = everything ? [...input.canvas.nodes] : subjects.nodes;
    if (!picked.length) return needSelection([]);
    const runnable = picked.filter((n) => n.model && findModel(n.model));
    const idle = picked.filter((n) => !runnable.includes(n));
    if (!runnable.length)
      return noPlan(
        `${picked.length === 1 ? `"${picked[0]!.title}" has` : "None of these nodes has"} a model to run. Choose a model first (or ask me: "use Local Sketch for the selected").`,
      );
    const plan = new PlanBuilder();
    if (fromHere) {
      // From each picked node that no other picked node feeds: what follows runs through the chain.
      const starts = upstreamFirst(runnable, input).filter(
        (n) => !input.canvas.edges.some((e) => e.target === n.id && runnable.some((r) => r.id === e.source)),
      );
      for (const n of starts) plan.runFromHere(n.id);
      return plan.answer(
        `Runs ${titles(starts)} and everything downstream of ${starts.length === 1 ? "it" : "them"}; nodes whose inputs did not change are skipped.${skippedNote(idle, "no model chosen")}`,
      );
    }
    for (const n of upstreamFirst(runnable, input)) plan.run(n.id);
    return plan.answer(
      `Runs ${everything ? "every node with a model" : titles(runnable)} (${plan.runs} ${plan.runs === 1 ? "run" : "runs"}).${skippedNote(idle, "no model chosen")}`,
    );
  },
};

/** `nodes` with each after the nodes among them connected into it; otherwise canvas order (cycles keep it). */
function upstreamFirst(nodes: AgentNodeView[], input: PlannerInput): AgentNodeView[] {
  const ids = new Set(nodes.map((n) => n.id));
  const inputs = new Map<string, string[]>();
  for (const e of input.canvas.edges)
    if (ids.has(e.source) && ids.has(e.target)) inputs.set(e.target, [...(inputs.get(e.target) ?? []), e.source]);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out: AgentNodeView[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (id: string) => {
    if (state.get(id)) return;
    state.set(id, "visiting");
    for (const up of inputs.get(id) ?? []) visit(up);
    state.set(id, "done");
    out.push(byId.get(id)!);
  };
  for (const n of nodes) visit(n.id);
  return out;
}
