/**
 * "Connect Intro to Harbour", "link the selected image to the node called Edit", "connect the two selected"
 * / "chain them": connections by title, or between the picked nodes in canvas order (a chain).
 */
import type { AgentNodeView, PlannerInput } from "../../planner";
import { PlanBuilder } from "../planBuilder";
import { needSelection, noPlan, titles } from "../replies";
import { cleanPhrase, type ParsedRequest } from "../requestText";
import { kindOfNoun, nodesNamed, subjectsOf } from "../subjects";
import type { Intent } from "./intent";

const VERB = /^(?:connect|link|wire(?: up)?|hook(?: up)?|chain|join|attach|pipe|feed|plug)\b\s*/;
const SPLIT = /\s+(?:to|into|with|->|→|and then|then|and)\s+/;
/** Words that point at the picked nodes rather than name one. */
const POINTING =
  /^(?:it|this|that|these|those|them|they|all|everything|the (?:selected|chosen)(?: [a-z0-9]+)*|selected(?: [a-z0-9]+)*|the selection|my selection|(?:the|these|those) (?:two|three|four|five|\d+)(?: [a-z]+)?|(?:the )?(?:two|three|four|five|\d+) (?:selected|chosen)(?: [a-z]+)?|(?:this|that|these|those) [a-z0-9]+s?|them (?:all|together|in order)|(?:all|everything|them|these) (?:together|in order|up))$/;

export const connectIntent: Intent = {
  name: "connect",
  matches: (req) => VERB.test(req.head) || /\bconnect\b/.test(req.head),
  plan({ input, req }) {
    const verb = VERB.exec(req.head) ?? /\bconnect\b\s*/.exec(req.head)!;
    const start = req.lower.length - req.head.length + verb.index + verb[0].length;
    const restLower = req.lower
      .slice(start)
      .replace(/\s+(?:in (?:canvas )?order|together|in a chain|one after (?:the )?other|please)\s*$/, "")
      .replace(/[.!?]+$/, "");
    const restText = req.text.slice(start, start + restLower.length);
    const split = SPLIT.exec(restLower);
    const plan = new PlanBuilder();

    if (split && split.index > 0) {
      const from = resolveSide(input, req, restText.slice(0, split.index), restLower.slice(0, split.index));
      const to = resolveSide(input, req, restText.slice(split.index + split[0].length), restLower.slice(split.index + split[0].length));
      if ("missing" in from) return noPlan(from.missing);
      if ("missing" in to) return noPlan(to.missing);
      const pairs: [AgentNodeView, AgentNodeView][] = [];
      for (const a of from.nodes) for (const b of to.nodes) if (a.id !== b.id) pairs.push([a, b]);
      if (!pairs.length) return noPlan("A node cannot be connected to itself: name two different nodes.");
      return connectAll(plan, pairs, input);
    }
    // No "A to B": the picked nodes, chained in canvas order.
    const picked = subjectsOf(input, req).nodes;
    if (picked.length < 2)
      return picked.length
        ? noPlan(`Select two or more nodes to connect (or say "connect A to B"); only ${titles(picked)} is picked.`)
        : needSelection([]);
    const pairs: [AgentNodeView, AgentNodeView][] = [];
    for (let i = 1; i < picked.length; i++) pairs.push([picked[i - 1]!, picked[i]!]);
    return connectAll(plan, pairs, input);
  },
};

type Side = { nodes: AgentNodeView[] } | { missing: string };

function resolveSide(input: PlannerInput, req: ParsedRequest, text: string, lower: string): Side {
  const phrase = cleanPhrase(text);
  const l = cleanPhrase(lower);
  if (POINTING.test(l) || !l) {
    const picked = subjectsOf(input, { ...req, lower: l, head: l }).nodes;
    return picked.length ? { nodes: picked } : { missing: needSelection([]).reply };
  }
  const bare = phrase
    .replace(/^(?:the\s+)?(?:node|card)\s+(?:called|named|titled)\s+/i, "")
    .replace(/^(?:the\s+)?(?:[a-z0-9]+\s+)?(?:called|named|titled)\s+/i, "");
  const found = nodesNamed(input.canvas.nodes, bare);
  if (found.length === 1) return { nodes: found };
  if (found.length > 1)
    return { missing: `More than one node is called "${bare}" (${titles(found)}): select the ones to connect instead.` };
  // "the video", "the audio node": the one node of that kind.
  const kind = /^(?:the\s+)?([a-z0-9 ]+?)(?:\s+(?:node|card))?$/i.exec(bare)?.[1];
  const ofKind = kind ? input.canvas.nodes.filter((n) => n.kind === kindOfNoun(kind.toLowerCase())) : [];
  if (ofKind.length === 1) return { nodes: ofKind };
  return { missing: `I can't find a node called "${bare}".` };
}

function connectAll(plan: PlanBuilder, pairs: [AgentNodeView, AgentNodeView][], input: PlannerInput) {
  const existing = new Set(input.canvas.edges.map((e) => `${e.source}\u0000${e.target}`));
  const fresh = pairs.filter(([a, b]) => !existing.has(`${a.id}\u0000${b.id}`));
  if (!fresh.length) return noPlan(`${pairs.length === 1 ? "Those nodes are" : "All of those are"} already connected.`);
  for (const [a, b] of fresh) plan.connect(a.id, b.id);
  const list = fresh
    .slice(0, 4)
    .map(([a, b]) => `"${a.title}" → "${b.title}"`)
    .join(", ");
  const more = fresh.length > 4 ? ` and ${fresh.length - 4} more` : "";
  return plan.answer(`Connects ${list}${more}. Nothing runs.`);
}
