import type { CreateProjectInput, Project } from "../../domain/projects";
import { numberedName, parseRemixDraft, REMIX_DRAFT_KEY, remixProjectInput, type RemixDraft } from "../../domain/remix";
import { ApiError } from "../api/client";

/** How many names a remix tries ("Alley", "Alley (2)" … "Alley (5)") when the user already has one. */
const NAME_TRIES = 5;

/**
 * Takes the gallery's remix draft out of browser storage (spec: shell 3 "Remix draft"): it is removed at
 * once, whatever follows, since the spec deletes it on success and on failure alike; reading and removing
 * in one synchronous step also means a second caller (React's StrictMode runs effects twice, another mount)
 * finds nothing and cannot make a second project. A draft that does not parse is logged and dropped.
 */
export function takeRemixDraft(storage: Storage = localStorage): RemixDraft | null {
  let text: string | null;
  try {
    text = storage.getItem(REMIX_DRAFT_KEY);
    if (text === null) return null;
    storage.removeItem(REMIX_DRAFT_KEY);
  } catch (err) {
    // Storage can be switched off in the browser: then there is no draft to take.
    console.error("Remix failed: browser storage is not available", err);
    return null;
  }
  const parsed = parseRemixDraft(text);
  if (!parsed.ok) {
    console.error(`Remix failed: ${parsed.error}`);
    return null;
  }
  return parsed.draft;
}

/**
 * Creates the user's project from a draft (spec: shell 4 "Remix"): named from the draft, with the fixed
 * description and the draft's nodes, no edges. Names are unique per owner, so a taken name is tried again
 * with a number. Throws what the last attempt threw.
 */
export async function createRemixProject(draft: RemixDraft, create: (input: CreateProjectInput) => Promise<Project>): Promise<Project> {
  const { input, droppedMedia, droppedNodes } = remixProjectInput(draft);
  if (droppedMedia > 0) console.warn(`Remix: ${droppedMedia} media link(s) outside the studio were left out of the copied nodes`);
  if (droppedNodes > 0) console.warn(`Remix: the draft's last ${droppedNodes} node(s) were over the limit and left out`);
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(attempt === 1 ? input : { ...input, name: numberedName(input.name, attempt) });
    } catch (err) {
      if (err instanceof ApiError && err.code === "already_exists" && attempt < NAME_TRIES) continue;
      throw err;
    }
  }
}
