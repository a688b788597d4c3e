import { z } from "zod";
import { groupIdSchema, groupRecordSchema, GROUP_MEMBERS_MAX } from "./group";
import { nodeIdSchema } from "./ids";
import { isStudioMediaUrl, nodeMediaUrlSchema, studioMediaUrlMessage } from "../mediaUrl";

/** spec (canvas 3): text, image, video, audio, model3d (also written 3D), none. */
export const CONTENT_TYPES = ["none", "text", "image", "video", "audio", "model3d"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const NODE_STATUSES = ["idle", "generating", "recording", "completed", "error"] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

export const ASPECT_RATIOS = ["1:1", "16:9", "9:16", "4:3", "3:4", "21:9", "3:2", "2:3", "4:5"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const versionEntrySchema = z.object({
  prompt: z.string().optional(),
  mediaUrl: nodeMediaUrlSchema("mediaUrl").optional(),
  permanentMediaUrl: nodeMediaUrlSchema("permanentMediaUrl").optional(),
  model: z.string().optional(),
  contentType: z.string().optional(),
  createdAt: z.string().optional(),
  /** The seed the run used: locking the seed with this version on show repeats it. */
  seed: z.number().int().nonnegative().optional(),
});

/**
 * Revisions are stored as PostgreSQL bigints and read as JS numbers: none may pass the largest safe integer.
 * (Not int4: stepping a node up to 2,147,483,647 would leave it unwritable.)
 */
export const REV_MAX = Number.MAX_SAFE_INTEGER;
/**
 * How far one write may move a node's revision, past the one it was made from and, on the
 * server, past the one stored (a write claiming a high base no longer lifts the node with
 * it). A client raises rev by one per edit and coalesces its unsent edits of a node into one write, so a step
 * is the number of edits made without a save in between: a million covers any person (even typing for days
 * offline). From 0, reaching REV_MAX takes over 9 × 10^9 accepted writes (centuries at any request rate).
 */
export const MAX_REV_STEP = 1_000_000;
const REV_TOO_HIGH = `rev must be at most ${REV_MAX}`;

/**
 * Node data (spec: canvas 3). Loose on purpose: the server stores what the client sends (bounded in
 * size), and later features add fields. The fields the studio reads are typed here.
 */
export const nodeDataSchema = z
  .object({
    title: z.string().max(200).optional(),
    label: z.string().max(200).optional(),
    description: z.string().max(5000).optional(),
    prompt: z.string().max(20000).optional(),
    status: z.enum([...NODE_STATUSES, "success"]).optional(),
    content: z.string().max(200_000).optional(),
    contentType: z.string().optional(),
    mediaUrl: nodeMediaUrlSchema("mediaUrl").optional(),
    azureUrl: nodeMediaUrlSchema("azureUrl").optional(),
    displayUrl: nodeMediaUrlSchema("displayUrl").optional(),
    permanentMediaUrl: nodeMediaUrlSchema("permanentMediaUrl").optional(),
    thumbnailUrl: nodeMediaUrlSchema("thumbnailUrl").optional(),
    aspectRatio: z.string().optional(),
    selectedModel: z.string().optional(),
    modelParameters: z.record(z.string(), z.unknown()).optional(),
    contextData: z.array(z.unknown()).optional(),
    versionHistory: z.array(versionEntrySchema).optional(),
    currentVersionIndex: z.number().int().optional(),
    agentContext: z.boolean().optional(),
    error: z.string().nullable().optional(),
    rev: z.number().int().nonnegative().max(REV_MAX, REV_TOO_HIGH).optional(),
    lastModified: z.number().optional(),
  })
  .passthrough()
  // `url` is read as the node's media too (MEDIA_URL_FIELDS), so a text in it is held to the same rule.
  .superRefine((data, ctx) => {
    const url = (data as { url?: unknown }).url;
    if (typeof url === "string" && url !== "" && !isStudioMediaUrl(url))
      ctx.addIssue({ code: "custom", path: ["url"], message: studioMediaUrlMessage("url") });
    checkInnerNodeData((data as { subgraph?: unknown }).subgraph, ctx);
  });
export type NodeData = z.infer<typeof nodeDataSchema>;

/**
 * A subgraph node's inner nodes (domain/canvas/subgraph.ts) are held to the node data rules too (their
 * media URLs above all); the subgraph's own shape is checked where it is read (`subgraphOf`).
 */
function checkInnerNodeData(subgraph: unknown, ctx: z.RefinementCtx): void {
  if (subgraph === undefined) return;
  const inner = (subgraph as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(inner)) {
    ctx.addIssue({ code: "custom", path: ["subgraph"], message: "A subgraph must hold its nodes" });
    return;
  }
  inner.forEach((node: unknown, i) => {
    const checked = (nodeDataSchema as z.ZodType).safeParse((node as { data?: unknown } | null)?.data);
    const issue = checked.error?.issues[0];
    if (issue) ctx.addIssue({ code: "custom", path: ["subgraph", "nodes", i, "data", ...issue.path.map(String)], message: issue.message });
  });
}

export const positionSchema = z.object({
  x: z.number().finite().min(-15000).max(15000),
  y: z.number().finite().min(-15000).max(15000),
});
export type Position = z.infer<typeof positionSchema>;

export { nodeIdSchema };

/** A node as the server returns it (GET /api/projects/nodes). */
export const canvasNodeSchema = z.object({
  id: nodeIdSchema,
  type: z.string(),
  position: positionSchema,
  data: nodeDataSchema,
  rev: z.number().int(),
});
export type CanvasNode = z.infer<typeof canvasNodeSchema>;

export const edgeSchema = z.object({
  id: z.string().min(1).max(300),
  source: nodeIdSchema,
  target: nodeIdSchema,
  sourceHandle: z.string().nullable().optional(),
  targetHandle: z.string().nullable().optional(),
});
export type CanvasEdge = z.infer<typeof edgeSchema>;

export const viewportSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  zoom: z.number().min(0.1).max(4),
});
export type Viewport = z.infer<typeof viewportSchema>;

// --- POST /api/workflows/autosave (spec: canvas 7) -------------------------------------------------

export const AUTOSAVE_BATCH_MAX = 10;
/**
 * Node data a structure request may carry (the first data of the nodes it creates, and data queued right
 * behind it): a pasted group or an applied agent plan is one request, one transaction.
 */
export const STRUCTURE_UPDATES_MAX = 100;

export const autosaveUpdateSchema = z
  .object({
    nodeId: nodeIdSchema,
    nodeData: nodeDataSchema,
    /** The revision the client's change was based on; 0 for a node the server has not seen. */
    prevRev: z
      .number()
      .int()
      .nonnegative()
      .max(REV_MAX - 1, REV_TOO_HIGH),
  })
  // The revision the write stores (its own, else one past its base; canvas/changes.ts revisionOf).
  .refine((u) => (u.nodeData.rev ?? u.prevRev + 1) - u.prevRev <= MAX_REV_STEP, {
    error: `nodeData.rev may be at most ${MAX_REV_STEP} past prevRev`,
    path: ["nodeData", "rev"],
  });
export type AutosaveUpdate = z.infer<typeof autosaveUpdateSchema>;

const MAX_UPDATES = 50;
const autosaveUpdates = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, "No updates").max(MAX_UPDATES, `At most ${MAX_UPDATES} updates per request`);

export const autosaveRequestSchema = z.object({
  projectId: z.uuid({ error: "Invalid project id" }),
  updates: autosaveUpdates(autosaveUpdateSchema),
  /** The sending tab, so realtime echoes can be ignored by their sender. */
  clientId: z.string().max(100).optional(),
});

/**
 * What the server reads of an autosave request before its updates: each update is then validated on its
 * own, and one that is refused is answered in `refused` while the others are written.
 */
export const autosaveEnvelopeSchema = autosaveRequestSchema.extend({
  // An update without a valid node id cannot be answered about its node: that refuses the request.
  updates: autosaveUpdates(z.looseObject({ nodeId: nodeIdSchema })),
});

/** An update the server refused as bad input; `index` is its place in the request's `updates`. */
export const autosaveRefusalSchema = z.object({
  index: z.number().int().nonnegative(),
  nodeId: z.string(),
  error: z.string(),
  code: z.literal("bad_request"),
});
export type AutosaveRefusal = z.infer<typeof autosaveRefusalSchema>;

export const autosaveConflictSchema = z.object({
  nodeId: z.string(),
  rev: z.number().int(),
  /** The stored data; null when the node was deleted (a tombstone wins over any write). */
  nodeData: nodeDataSchema.nullable(),
  deleted: z.boolean().optional(),
});
export type AutosaveConflict = z.infer<typeof autosaveConflictSchema>;

export interface AutosaveResponse {
  success: boolean;
  conflicts: AutosaveConflict[];
  /** Updates refused as bad input (not stored, and sending them again will not help). */
  refused?: AutosaveRefusal[];
}

// --- POST /api/projects/:id/structure: positions, edges, deletions, viewport ------------------------

export const structureRequestSchema = z.object({
  /** New nodes or moved nodes. A node the server has not seen is created with empty data, rev 0. */
  nodes: z
    .array(z.object({ id: nodeIdSchema, type: z.string().max(40).default("generic_v2"), position: positionSchema }))
    .max(5000)
    .default([]),
  /**
   * Undo of a delete: the deleting client's explicit wish clears the tombstone. A plain write can never
   * do that, so a stale sync from another client cannot bring a deleted node back.
   */
  restoredNodeIds: z.array(nodeIdSchema).max(5000).default([]),
  /** Deleted nodes become tombstones so no later write brings them back. Their edges go too. */
  deletedNodeIds: z.array(nodeIdSchema).max(5000).default([]),
  edgesAdded: z.array(edgeSchema).max(5000).default([]),
  edgesRemoved: z.array(z.string().max(300)).max(5000).default([]),
  viewport: viewportSchema.optional(),
  /** Groups made or changed, written whole after the nodes; last writer wins. */
  groupsSet: z.array(groupRecordSchema).max(GROUP_MEMBERS_MAX).default([]),
  /** Groups ungrouped: the frames go (before `groupsSet`), their nodes stay. */
  groupsRemoved: z.array(groupIdSchema).max(GROUP_MEMBERS_MAX).default([]),
  /** Node data written after the structure, in the same transaction, under the autosave revision rule. */
  updates: z.array(autosaveUpdateSchema).max(STRUCTURE_UPDATES_MAX, `At most ${STRUCTURE_UPDATES_MAX} updates per request`).default([]),
  clientId: z.string().max(100).optional(),
});
export type StructureRequest = z.infer<typeof structureRequestSchema>;
/** A structure request as a client sends it: the group fields may be left out. */
export type StructureRequestBody = Omit<StructureRequest, "groupsSet" | "groupsRemoved"> &
  Partial<Pick<StructureRequest, "groupsSet" | "groupsRemoved">>;

/** The node fields a generation owns: the server's writes of these win over a client's unsaved edits. */
export const GENERATION_FIELDS = [
  "status",
  "mediaUrl",
  "displayUrl",
  "permanentMediaUrl",
  "azureUrl",
  "content",
  "contentType",
  "versionHistory",
  "currentVersionIndex",
  "error",
  "generationId",
  "generationProgress",
  "isGenerating",
  "toolExecutionResult",
  "lastToolExecution",
] as const;
