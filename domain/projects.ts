import { z } from "zod";
import { MESSAGES } from "./errors";
import { emailSchema } from "./auth";
import { memberPermissionSchema, permissionSchema } from "./permissions";
import { nodeDataSchema, nodeIdSchema, positionSchema, type NodeData } from "./canvas/node";
import { mediaUrlOf } from "./canvas/contentType";

export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 2000;

/** Names are trimmed; an empty name is refused with the spec's text. */
export const projectNameSchema = z
  .string({ error: MESSAGES.projectNameRequired })
  .trim()
  .min(1, MESSAGES.projectNameRequired)
  .max(PROJECT_NAME_MAX, `Project name must be at most ${PROJECT_NAME_MAX} characters`);

const descriptionSchema = z
  .string()
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`);

/** How many nodes a new project may start with (a remix draft's canvas), and how large each one's data may be. */
export const PROJECT_INITIAL_NODES_MAX = 200;
export const PROJECT_INITIAL_NODE_MAX_CHARS = 250_000;

/** A node a project starts with: placed and filled in one go, through the canvas's one writer. */
export const initialNodeSchema = z.strictObject({
  id: nodeIdSchema,
  type: z.string().min(1).max(40),
  position: positionSchema,
  data: nodeDataSchema.refine(
    (data) => JSON.stringify(data).length <= PROJECT_INITIAL_NODE_MAX_CHARS,
    `A node's data must be at most ${PROJECT_INITIAL_NODE_MAX_CHARS} characters`,
  ),
});
export type InitialNode = z.infer<typeof initialNodeSchema>;

export const initialNodesSchema = z
  .array(initialNodeSchema)
  .max(PROJECT_INITIAL_NODES_MAX, `A project can start with at most ${PROJECT_INITIAL_NODES_MAX} nodes`)
  .superRefine((nodes, ctx) => {
    const seen = new Set<string>();
    nodes.forEach((n, i) => {
      if (seen.has(n.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: `Duplicate node id: ${n.id}` });
      seen.add(n.id);
    });
  });

/**
 * A new project: a name, a description, and (for a remix, spec: shell 4 "Remix") the nodes its canvas
 * starts with. Never edges: a remix brings the draft's nodes only.
 */
export const createProjectSchema = z.strictObject({
  name: projectNameSchema,
  description: descriptionSchema.optional(),
  nodes: initialNodesSchema.optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

/** Fields that belong to a run in progress somewhere else: a copied node starts without them. */
const RUN_FIELDS = ["generationId", "generationProgress", "isGenerating"] as const;

/**
 * The data a copied node starts with in a new project: no run is going on for it here, so it does not show
 * as running (a node "generating" with media is done, without media it is idle; a recording is idle), and it
 * is revision 1 of a node the project has never seen.
 */
export function startingNodeData(data: NodeData): NodeData {
  const settled: Record<string, unknown> = { ...data };
  for (const field of RUN_FIELDS) delete settled[field];
  if (settled.status === "generating" || settled.status === "recording") {
    settled.status = settled.status === "generating" && mediaUrlOf(data) ? "completed" : "idle";
  }
  return { ...(settled as NodeData), rev: 1 };
}

export const updateProjectSchema = z
  .strictObject({
    name: projectNameSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, "Nothing to update: send name or description");
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

export const projectIdSchema = z.uuid({ error: "Invalid project id" });

export const previewSchema = z.object({ url: z.string(), kind: z.enum(["image", "video"]) });
export type Preview = z.infer<typeof previewSchema>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string(),
  permission: permissionSchema,
  preview: previewSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const addMemberSchema = z.strictObject({
  email: emailSchema,
  permission: memberPermissionSchema,
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  permission: memberPermissionSchema,
  addedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
