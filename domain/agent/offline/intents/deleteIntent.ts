/**
 * "Delete the selected", "remove these", "delete every empty node", "clear the canvas": removes the picked or
 * named nodes and their connections (one undo step brings them back). A request whose object is not a node
 * ("delete my account") is not this intent.
 */
import { PlanBuilder } from "../planBuilder";
import { needSelection, titles } from "../replies";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";

const VERB = /^(?:delete|remove|erase|trash|discard|get rid of|clear|throw away|throw out|bin|wipe)\b\s*/;
const NODE_OBJECT =
  /^(?:$|it\b|this\b|that\b|these\b|those\b|them\b|all\b|every\b|each\b|everything\b|the selected\b|selected\b|the selection\b|my selection\b|the (?:canvas|board)\b|the (?:[a-z0-9]+ )?(?:nodes?|images?|pictures?|frames?|videos?|clips?|audio|texts?|notes?|3d models?|cards?)\b|(?:the )?(?:node|card)s? (?:called|named|titled)\b|(?:the )?(?:empty|unused|blank) )/;

export const deleteIntent: Intent = {
  name: "delete",
  matches: (req) => VERB.test(req.head),
  plan({ input, req }) {
    const object = req.head.slice(VERB.exec(req.head)![0].length);
    const subjects = subjectsOf(input, req);
    const quotedTitle = /^["']_+["']/.test(object) && subjects.from === "named";
    if (!NODE_OBJECT.test(object) && !quotedTitle && subjects.from !== "named") return null;
    let nodes = subjects.nodes;
    if (/^(?:the )?(?:empty|blank|unused)\b/.test(object))
      nodes = (subjects.from === "none" ? [...input.canvas.nodes] : nodes).filter(
        (n) => n.kind === "none" || (!n.hasMedia && !n.prompt?.trim() && !n.text?.trim()),
      );
    if (/^(?:the )?(?:canvas|board)\b/.test(object) && subjects.from === "none") nodes = [...input.canvas.nodes];
    if (!nodes.length) return needSelection([]);
    const plan = new PlanBuilder();
    for (const n of nodes) plan.remove(n.id);
    return plan.answer(
      `Deletes ${nodes.length > 3 ? `${nodes.length} nodes (${titles(nodes)})` : titles(nodes)} and ${nodes.length === 1 ? "its" : "their"} connections. Undo brings ${nodes.length === 1 ? "it" : "them"} back.`,
    );
  },
};
