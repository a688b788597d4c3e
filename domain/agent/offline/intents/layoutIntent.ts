/**
 * "Lay these out left to right", "arrange everything in a grid", "stack them top to bottom": one layout
 * step over the picked nodes (all of the canvas when none is picked), in their present reading order.
 */
import type { AgentNodeView } from "../../planner";
import { PlanBuilder } from "../planBuilder";
import { noPlan, titles } from "../replies";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";

const LAYOUT =
  /\b(?:lay(?:ing)?\s+(?:[a-z]+\s+){0,2}?out|layout|arrange|re-?arrange|align|line\s+(?:[a-z]+\s+){0,2}?up|tidy|organi[sz]e|stack|distribute|spread (?:them |these |it )?out)\b|\b(?:put|place|move|set)\s+(?:[a-z]+\s+){0,3}?(?:in|into|as)\s+an?\s+(?:row|column|grid|line)\b|\b(?:left to right|top to bottom|side by side)\b/;
const MAX_NODES = 500;
const ROW_TOLERANCE = 200;

export const layoutIntent: Intent = {
  name: "layout",
  matches: (req) => LAYOUT.test(req.head),
  plan({ input, req }) {
    const l = req.lower;
    const arrangement = /\b(?:rows?|left to right|right to left|horizontal(?:ly)?|side by side|in a line|across)\b/.test(l)
      ? "row"
      : /\b(?:columns?|top to bottom|vertical(?:ly)?|stack(?:ed)?|down(?:wards)?|one (?:under|below) (?:the )?other)\b/.test(l)
        ? "column"
        : "grid";
    const picked = subjectsOf(input, req).nodes;
    const nodes = picked.length ? picked : [...input.canvas.nodes];
    if (nodes.length < 2)
      return noPlan(
        nodes.length ? "There is only one node to arrange: select two or more." : "The canvas is empty: there is nothing to arrange.",
      );
    if (nodes.length > MAX_NODES) return noPlan(`That is ${nodes.length} nodes; I arrange at most ${MAX_NODES} at a time. Select fewer.`);
    const ordered = readingOrder(nodes, arrangement);
    const plan = new PlanBuilder();
    plan.layout(
      ordered.map((n) => n.id),
      arrangement,
    );
    const how = arrangement === "row" ? "left to right in a row" : arrangement === "column" ? "top to bottom in a column" : "in a grid";
    const which = picked.length ? titles(ordered) : `all ${nodes.length} nodes`;
    return plan.answer(
      `Arranges ${which} ${how}, starting where ${ordered[0]!.title ? `"${ordered[0]!.title}"` : "the first"} is. Nothing runs.`,
    );
  },
};

/** Rows keep left-to-right order, columns top-to-bottom, grids reading order (rows of nearby y, then x). */
function readingOrder(nodes: AgentNodeView[], arrangement: "row" | "column" | "grid"): AgentNodeView[] {
  const byX = (a: AgentNodeView, b: AgentNodeView) => a.position.x - b.position.x || a.position.y - b.position.y;
  const byY = (a: AgentNodeView, b: AgentNodeView) => a.position.y - b.position.y || a.position.x - b.position.x;
  if (arrangement === "row") return [...nodes].sort(byX);
  if (arrangement === "column") return [...nodes].sort(byY);
  const band = (n: AgentNodeView) => Math.round(n.position.y / ROW_TOLERANCE);
  return [...nodes].sort((a, b) => band(a) - band(b) || byX(a, b));
}
