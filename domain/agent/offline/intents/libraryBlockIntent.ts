/**
 * "Use my 'character turnaround' block on this image", "insert my turnaround block", "add the Look dev block
 * from my library": one of the asker's library blocks (issue 34, 3) as a new subgraph node, the picked image
 * wired into its first image input. The name is matched loosely (domain/library/blockNames.ts); an unknown
 * name is answered with the names the library has.
 */
import { findBlockName, listBlockNames } from "../../../library/blockNames";
import { PlanBuilder } from "../planBuilder";
import { noPlan } from "../replies";
import { cleanPhrase } from "../requestText";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";

const VERB = "(?:use|insert|add|put|apply|drop|place|bring in)";
/** A verb, then (within a few words) "block", or "from my library". */
const BLOCK = new RegExp(`^${VERB}\\b.*?\\b(?:block|library)\\b`);
/** The unquoted name: the words between "my/the" and "block". */
const NAME = new RegExp(`^${VERB}\\s+(?:(?:my|the|a|our)\\s+)?(?:(?:library|saved)\\s+)?(.+?)\\s+block\\b`, "d");
const FROM_LIBRARY = new RegExp(`^${VERB}\\s+(?:(?:my|the|a|our)\\s+)?(.+?)\\s+from\\s+(?:my|the)\\s+library\\b`, "d");

export const libraryBlockIntent: Intent = {
  name: "library-block",
  matches: (req) => BLOCK.test(req.head),
  plan({ input, req }) {
    const start = req.lower.length - req.head.length;
    const m = NAME.exec(req.head) ?? FROM_LIBRARY.exec(req.head);
    // The name as written (its own case), from where the words were found in the lowercased request.
    const at = m?.indices?.[1];
    const written = at ? cleanPhrase(req.text.slice(start + at[0], start + at[1])) : "";
    const phrase = req.quoted[0]?.trim() || written;
    const names = (input.library ?? []).map((b) => b.name);
    if (!names.length)
      return noPlan("You have no blocks in your library yet. Open a subgraph's menu and choose Save to library, then ask me again.");
    if (!phrase) return noPlan(`Which block? Your library has ${listBlockNames(names)}.`);
    const name = findBlockName(names, phrase);
    if (!name) return noPlan(`There is no block called "${phrase}" in your library. Your blocks are ${listBlockNames(names)}.`);

    const image = subjectsOf(input, req, ["image"]).nodes[0];
    const block = input.library!.find((b) => b.name === name)!;
    const plan = new PlanBuilder();
    plan.insertBlock(name, image && block.inputs.length ? image.id : undefined);
    const on = image && block.inputs.length ? ` on "${image.title}", wired into its first image input` : "";
    const note = image && !block.inputs.length ? ` It has no inputs, so "${image.title}" is not connected.` : "";
    return plan.answer(`Inserts your block "${name}"${on}. Nothing runs until you run it.${note}`);
  },
};
