import { z } from "zod";
import { MEDIA_URL_FIELDS } from "./canvas/contentType";
import { isStudioMediaUrl } from "./mediaUrl";
import { PROJECT_INITIAL_NODES_MAX, PROJECT_NAME_MAX, type CreateProjectInput, type InitialNode } from "./projects";

/** Where the gallery product leaves a remix draft in the browser (spec: shell 3 "Remix draft"). */
export const REMIX_DRAFT_KEY = "remixProject";

/** spec (shell 9): a fixed text stating the project was remixed from the gallery product. */
export const REMIX_DESCRIPTION = "Remixed from the Reelgraph gallery.";

/** A remixed project's name when the draft's is blank. */
export const REMIX_FALLBACK_NAME = "Untitled Project";

/** The canvas's node type for generic nodes (app/canvas/commands/canvasCommands.ts NODE_TYPE). */
const DEFAULT_NODE_TYPE = "generic_v2";

/**
 * A draft as another product wrote it: read loosely (a node may carry React Flow's own fields, which are
 * dropped), but a draft without a name and a list of nodes with ids and positions is no draft.
 */
export const remixDraftSchema = z.object({
  name: z.string(),
  nodes: z.array(
    z.looseObject({
      id: z.string(),
      type: z.string().optional(),
      position: z.object({ x: z.number(), y: z.number() }),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type RemixDraft = z.infer<typeof remixDraftSchema>;

/** The draft's text, parsed; an error says why it is not a draft. */
export function parseRemixDraft(text: string): { ok: true; draft: RemixDraft } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "the remix draft is not JSON" };
  }
  const parsed = remixDraftSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: `the remix draft is malformed: ${z.prettifyError(parsed.error)}` };
  return { ok: true, draft: parsed.data };
}

/** The project's name: the draft's, trimmed and cut to the limit, or the fallback. */
export function remixProjectName(draftName: string): string {
  const name = draftName.trim().slice(0, PROJECT_NAME_MAX).trim();
  return name || REMIX_FALLBACK_NAME;
}

/**
 * The same name with a number, for when the user already has a project of that name (names are unique
 * per owner): "Night Swim (2)", kept within the name limit.
 */
export function numberedName(name: string, n: number): string {
  const suffix = ` (${n})`;
  return `${name.slice(0, PROJECT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/**
 * What the create request carries for a draft (spec: shell 4 "Remix"): its name, the fixed description and
 * its nodes (never edges). Media the gallery keeps elsewhere is left out: a node may only point at the
 * studio's own media (domain/mediaUrl.ts), and the prompts and text are worth keeping without it.
 * A draft beyond the node limit keeps its first nodes. `droppedMedia` and `droppedNodes` count what was left out.
 */
export function remixProjectInput(draft: RemixDraft): { input: CreateProjectInput; droppedMedia: number; droppedNodes: number } {
  let dropped = 0;
  const nodes = draft.nodes.slice(0, PROJECT_INITIAL_NODES_MAX).map((node): InitialNode => {
    const data: Record<string, unknown> = { ...(node.data ?? {}) };
    for (const field of MEDIA_URL_FIELDS) {
      const url = data[field];
      if (typeof url === "string" && url !== "" && !isStudioMediaUrl(url)) {
        delete data[field];
        dropped++;
      }
    }
    if (Array.isArray(data.versionHistory)) {
      data.versionHistory = data.versionHistory.map((entry: unknown) => {
        if (!entry || typeof entry !== "object") return entry;
        const kept: Record<string, unknown> = { ...entry };
        for (const field of ["mediaUrl", "permanentMediaUrl"]) {
          const url = kept[field];
          if (typeof url === "string" && url !== "" && !isStudioMediaUrl(url)) {
            delete kept[field];
            dropped++;
          }
        }
        return kept;
      });
    }
    // The gallery names a node by its label; the canvas shows the title (else "Untitled").
    const title = typeof data.title === "string" ? data.title.trim() : "";
    if (!title && typeof data.label === "string" && data.label.trim()) data.title = data.label.trim().slice(0, 200);
    return { id: node.id, type: node.type || DEFAULT_NODE_TYPE, position: { x: node.position.x, y: node.position.y }, data };
  });
  return {
    input: { name: remixProjectName(draft.name), description: REMIX_DESCRIPTION, nodes },
    droppedMedia: dropped,
    droppedNodes: draft.nodes.length - nodes.length,
  };
}
