/**
 * "Rename Intro to Opening", "call it 'Harbour at dawn'", "rename the selected to Beat": new titles for the
 * named or picked nodes (numbered when there are several).
 */
import type { AgentNodeView } from "../../planner";
import { PlanBuilder } from "../planBuilder";
import { needSelection, noPlan, titles } from "../replies";
import { cleanPhrase } from "../requestText";
import { nodesNamed, subjectsOf } from "../subjects";
import type { Intent } from "./intent";

const RENAME =
  /^(?:rename|re-?title|retitle|relabel)\b|^(?:call|name|title|label)\s+(?:it|this|that|them|these|those|the (?:selected|selection)[a-z ]*)\b|\b(?:change|set|update)\s+(?:the\s+|its\s+|their\s+)?(?:title|name)s?\b/;
const MAX_TITLE = 200;

export const renameIntent: Intent = {
  name: "rename",
  matches: (req) => RENAME.test(req.head),
  plan({ input, req }) {
    const start = req.lower.length - req.head.length;
    const head = req.head;
    // The new title: the last quote, else the words after the last " to " / " as ", else after "call it".
    let title = req.quoted.at(-1)?.trim() ?? "";
    let targetPhrase = "";
    if (!title) {
      const to = Math.max(head.lastIndexOf(" to "), head.lastIndexOf(" as "));
      const pronoun =
        /^(?:rename|re-?title|retitle|relabel|call|name|title|label)\s+(?:it|this|that|them|these|those|the (?:selected|selection)(?: [a-z]+)?)\s+(?!to\b|as\b)/.exec(
          head,
        );
      if (to > 0) {
        title = cleanPhrase(req.text.slice(start + to + 4));
        targetPhrase = head.slice(0, to);
      } else if (pronoun) title = cleanPhrase(req.text.slice(start + pronoun[0].length));
    } else {
      const to = Math.max(head.lastIndexOf(" to "), head.lastIndexOf(" as "));
      if (to > 0) targetPhrase = head.slice(0, to);
    }
    if (!title) return noPlan(`What should the new title be? For example: "Rename the selected to 'Harbour at dawn'".`);
    title = title.slice(0, MAX_TITLE);

    const target = targetOf(targetPhrase, input.canvas.nodes);
    const nodes = target.length ? target : subjectsOf(input, req).nodes;
    if (!nodes.length) return needSelection([]);
    const plan = new PlanBuilder();
    nodes.forEach((n, i) => plan.update(n.id, { title: nodes.length > 1 ? `${title} ${i + 1}` : title }));
    const renamed = nodes.length === 1 ? `${titles(nodes)} to "${title}"` : `${titles(nodes)} to "${title} 1" … "${title} ${nodes.length}"`;
    return plan.answer(`Renames ${renamed}. Nothing runs.`);
  },
};

/** "rename Intro" → the node titled Intro; pronouns and "the selected" → none (the picked nodes are used). */
function targetOf(phrase: string, nodes: readonly AgentNodeView[]): AgentNodeView[] {
  const rest = phrase
    .replace(/^(?:rename|re-?title|retitle|relabel|change|set|update)\s+/, "")
    .replace(/^(?:the\s+)?(?:title|name)s?\s+of\s+/, "")
    .replace(/^(?:the\s+)?(?:node|card)\s+(?:called|named|titled)\s+/, "")
    .trim();
  if (
    !rest ||
    /^(?:it|this|that|them|these|those|all|everything|the (?:selected|selection|chosen)\b.*|selected\b.*|(?:this|that|these|those) [a-z]+s?|its|their)$/.test(
      rest,
    )
  )
    return [];
  if (/^["']_+["']$/.test(rest)) return [];
  return nodesNamed(nodes, rest);
}
