/**
 * The workflow file: a canvas, or part of one, as `workflow.json` in a zip, with the project's
 * own media under `media/` when the exporter chose to include it. Nodes keep their type, position and data
 * (prompts, models, parameters, tools); run-time fields are left out (exportData.ts). The format carries a
 * version: a file from a newer studio is refused with a message saying so, never half read.
 */
import { groupRecordSchema } from "../canvas/group";
import { z } from "zod";
import { nodeRecordSchema } from "../canvas/changes";
import { edgeSchema, nodeIdSchema } from "../canvas/node";
import { isStudioMediaUrl } from "../mediaUrl";
import { textRuleViolation } from "../text";

export const WORKFLOW_FORMAT = "reelgraph-workflow";
export const WORKFLOW_VERSION = 1;
/** The manifest's name in the zip; media go under MEDIA_FOLDER. */
export const WORKFLOW_MANIFEST = "workflow.json";
export const MEDIA_FOLDER = "media/";

/**
 * The node types the canvas draws (app/canvas/FlowCanvas.tsx `nodeTypes`; format.test.ts keeps the two in
 * step). A node of any other type could not be shown, so a file holding one is refused.
 */
export const KNOWN_NODE_TYPES = ["generic_v2", "generic", "default", "subgraph"] as const;

const MB = 1024 * 1024;
export const WORKFLOW_LIMITS = {
  /** The zip as uploaded. */
  zipBytes: 200 * MB,
  /** Everything in it once inflated (zip bombs: a small file that inflates to gigabytes is refused early). */
  unpackedBytes: 300 * MB,
  /** workflow.json alone. */
  manifestBytes: 32 * MB,
  /** As many as the canvas benchmark holds (bench/canvas: 2,000 nodes). */
  nodes: 2000,
  /** A structure request's cap (domain/canvas/node.ts structureRequestSchema). */
  edges: 5000,
  media: 2000,
} as const;

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
/** Quoted and cut short: a name from the file is shown as text, never as markup. */
const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;

/** What a person reads when a file is refused or exported; the UI shows them as they are. */
export const WORKFLOW_FILE_MESSAGES = {
  notWorkflow: "This is not a Reelgraph workflow file.",
  damaged: "The workflow file is damaged and could not be read.",
  /** Its reading ran past the time limit or out of memory (server/workflowFiles/workflowReaderHost.ts). */
  unreadable:
    "The workflow file could not be read: it took too long or needed too much memory. Try exporting fewer nodes or leaving out media.",
  newerVersion: (version: number) =>
    `This workflow file was made by a newer version of Reelgraph (format ${version}). Update the studio to import it.`,
  unknownVersion: (version: unknown) => `This workflow file has a format version this studio does not know (${quoted(String(version))}).`,
  tooLarge: `The workflow file is larger than ${mb(WORKFLOW_LIMITS.zipBytes)}.`,
  unpackedTooLarge: `The workflow file unpacks to more than ${mb(WORKFLOW_LIMITS.unpackedBytes)}.`,
  outsideFolder: (name: string) => `The workflow file names a file outside its folder (${quoted(name)}).`,
  unknownNodeType: (type: string) => `This workflow file holds a node of a type this studio does not know (${quoted(type)}).`,
  tooManyNodes: `A workflow file may hold at most ${WORKFLOW_LIMITS.nodes.toLocaleString("en-US")} nodes.`,
  tooManyEdges: `A workflow file may hold at most ${WORKFLOW_LIMITS.edges.toLocaleString("en-US")} connections.`,
  tooManyMedia: `A workflow file may hold at most ${WORKFLOW_LIMITS.media.toLocaleString("en-US")} media files.`,
  noNodes: "This workflow file holds no nodes.",
  invalid: (detail: string) => `The workflow file could not be read: ${detail}`,
  missingMedia: (path: string) => `The workflow file lists a media file it does not contain (${quoted(path)}).`,
  sendZip: "Send the workflow file as a zip (application/zip).",
  sizeRequired: "Send the workflow file with its size (a Content-Length header).",
  exportTooLarge: `The media of these nodes is more than ${mb(WORKFLOW_LIMITS.zipBytes)}. Export without media, or fewer nodes.`,
  noSelectedNodes: "None of the chosen nodes is on this canvas.",
} as const;

/** A media file in the zip: the studio media URL the node data names (`ref`), and where its bytes are. */
export const workflowMediaSchema = z.object({
  ref: z.string().max(4000).refine(isStudioMediaUrl, "A media reference must be a studio media URL (/api/media/…)"),
  path: z.string().min(1).max(200),
  contentType: z.string().max(200),
});
export type WorkflowMedia = z.infer<typeof workflowMediaSchema>;

/** A node in a file is a node record, as a canvas change carries it. */
export const workflowNodeSchema = nodeRecordSchema;

export const workflowEdgeSchema = edgeSchema.pick({ id: true, source: true, target: true, sourceHandle: true, targetHandle: true });

/** What is read first: a file from another tool, or from a newer studio, is told apart before its body is parsed. */
export const workflowHeaderSchema = z.looseObject({ format: z.unknown(), version: z.unknown() });

export const workflowDocumentSchema = z
  .object({
    format: z.literal(WORKFLOW_FORMAT),
    version: z.literal(WORKFLOW_VERSION),
    exportedAt: z.string().max(40),
    nodes: z.array(workflowNodeSchema).max(WORKFLOW_LIMITS.nodes, WORKFLOW_FILE_MESSAGES.tooManyNodes),
    edges: z.array(workflowEdgeSchema).max(WORKFLOW_LIMITS.edges, WORKFLOW_FILE_MESSAGES.tooManyEdges),
    media: z.array(workflowMediaSchema).max(WORKFLOW_LIMITS.media, WORKFLOW_FILE_MESSAGES.tooManyMedia).default([]),
    /** The groups of the exported nodes, members limited to them; files without groups have none. */
    groups: z.array(groupRecordSchema).max(WORKFLOW_LIMITS.nodes).default([]),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    for (const node of doc.nodes) {
      if (ids.has(node.id)) ctx.addIssue({ code: "custom", path: ["nodes"], message: `two nodes share the id ${quoted(node.id)}` });
      ids.add(node.id);
    }
    for (const edge of doc.edges) {
      if (!ids.has(edge.source) || !ids.has(edge.target))
        ctx.addIssue({ code: "custom", path: ["edges"], message: `a connection names a node the file does not hold (${quoted(edge.id)})` });
    }
    for (const group of doc.groups) {
      const outside = group.nodeIds.find((id) => !ids.has(id));
      if (outside)
        ctx.addIssue({ code: "custom", path: ["groups"], message: `a group names a node the file does not hold (${quoted(outside)})` });
    }
    // Two references may share one file (a URL with and without its extension); one reference has one file.
    const refs = new Set<string>();
    for (const m of doc.media) {
      if (!isMediaPath(m.path)) ctx.addIssue({ code: "custom", path: ["media"], message: WORKFLOW_FILE_MESSAGES.outsideFolder(m.path) });
      if (refs.has(m.ref))
        ctx.addIssue({ code: "custom", path: ["media"], message: `two media entries share the reference ${quoted(m.ref)}` });
      refs.add(m.ref);
    }
  });
export type WorkflowDocument = z.infer<typeof workflowDocumentSchema>;

/** A media file's name in the zip: media/<plain name>, nothing nested, nothing hidden. */
export const isMediaPath = (path: string): boolean => /^media\/[A-Za-z0-9][A-Za-z0-9_-]{0,80}(\.[A-Za-z0-9]{1,8})?$/.test(path);

/**
 * A zip entry's name this studio will read: plain relative names under the zip's own folder. Absolute
 * names, drive letters, backslashes, `..` and empty segments could name a place outside it on any tool
 * that unpacks the file, so such a file is refused whole rather than read in part.
 */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (name.startsWith("/") || name.includes("\\") || /^[A-Za-z]:/.test(name) || name.includes("\0")) return false;
  const parts = name.split("/");
  // A folder entry ends with "/": its last part is empty.
  const named = name.endsWith("/") ? parts.slice(0, -1) : parts;
  return named.every((p) => p !== "" && p !== "." && p !== "..");
}

/** Which refusal a header deserves, or null when it is this studio's format and version. */
export function headerProblem(header: unknown): string | null {
  const parsed = workflowHeaderSchema.safeParse(header);
  if (!parsed.success || parsed.data.format !== WORKFLOW_FORMAT) return WORKFLOW_FILE_MESSAGES.notWorkflow;
  const { version } = parsed.data;
  if (version === WORKFLOW_VERSION) return null;
  if (typeof version === "number" && Number.isInteger(version) && version > WORKFLOW_VERSION)
    return WORKFLOW_FILE_MESSAGES.newerVersion(version);
  return WORKFLOW_FILE_MESSAGES.unknownVersion(version);
}

/** The first node whose type the canvas cannot draw, if any. */
export const unknownNodeType = (nodes: readonly { type: string }[]): string | undefined =>
  nodes.find((n) => !(KNOWN_NODE_TYPES as readonly string[]).includes(n.type))?.type;

// --- GET /api/projects/:id/workflow and POST …/workflow/export ---------------------------------------

export const workflowExportRequestSchema = z.object({
  /** The selection; absent or empty: the whole canvas. */
  nodeIds: z.array(nodeIdSchema).max(WORKFLOW_LIMITS.nodes, WORKFLOW_FILE_MESSAGES.tooManyNodes).optional(),
  /** Put the project's media the nodes show into the zip; without it their media URLs are left out. */
  media: z.boolean().default(false),
});
export type WorkflowExportRequest = z.input<typeof workflowExportRequestSchema>;

/** The query form: `?nodeIds=a,b&media=1`. */
export const workflowExportQuerySchema = z
  .object({
    nodeIds: z.string().max(200_000).optional(),
    media: z.enum(["0", "1", "true", "false"]).optional(),
  })
  .transform(
    (q): WorkflowExportRequest => ({
      ...(q.nodeIds ? { nodeIds: q.nodeIds.split(",").filter(Boolean) } : {}),
      media: q.media === "1" || q.media === "true",
    }),
  )
  .pipe(workflowExportRequestSchema);

/** Our own sentences stand alone; zod's details of a bad field are put after a leading sentence. */
const asMessage = (detail: string) => (/^(The|This|A) workflow file/.test(detail) ? detail : WORKFLOW_FILE_MESSAGES.invalid(detail));

/**
 * workflow.json's parsed JSON as a document this studio can import, or the message that refuses it: another
 * format, another version, text PostgreSQL cannot hold, a field out of shape, a node type the canvas cannot
 * draw, or no nodes at all.
 */
export function readWorkflowDocument(json: unknown): { ok: true; document: WorkflowDocument } | { ok: false; error: string } {
  const header = headerProblem(json);
  if (header) return { ok: false, error: header };
  const violation = textRuleViolation(json);
  if (violation) return { ok: false, error: asMessage(violation) };
  const parsed = workflowDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const own = issue && /^(The|This|A) workflow file/.test(issue.message);
    return {
      ok: false,
      error: own
        ? issue.message
        : asMessage(issue ? `${issue.message}${issue.path.length ? ` (at ${issue.path.join(".")})` : ""}` : "invalid"),
    };
  }
  const type = unknownNodeType(parsed.data.nodes);
  if (type !== undefined) return { ok: false, error: WORKFLOW_FILE_MESSAGES.unknownNodeType(type) };
  if (parsed.data.nodes.length === 0) return { ok: false, error: WORKFLOW_FILE_MESSAGES.noNodes };
  return { ok: true, document: parsed.data };
}
