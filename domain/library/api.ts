/**
 * The library of reusable blocks (issue 34, 3): a user's saved subgraphs, each with a name and a
 * description, inserted into any project they may edit as a new subgraph node.
 */
import { z } from "zod";
import { nodeIdSchema } from "../canvas/ids";
import { subgraphDataSchema } from "../canvas/subgraph";
import { compatibilityIssueSchema } from "../workflowFile/compatibility";
import { projectIdSchema } from "../projects";

export const LIBRARY_NAME_MAX = 80;
export const LIBRARY_DESCRIPTION_MAX = 500;
export const LIBRARY_BLOCKS_MAX = 500;

export const LIBRARY_MESSAGES = {
  notFound: "That block is not in your library",
  nameTaken: "You already have a block with this name",
  notSubgraph: "Only a subgraph can be saved to the library",
  full: `A library holds at most ${LIBRARY_BLOCKS_MAX} blocks`,
} as const;

export const blockNameSchema = z
  .string()
  .trim()
  .min(1, "Block name cannot be empty")
  .max(LIBRARY_NAME_MAX, `Block name must be at most ${LIBRARY_NAME_MAX} characters`);

/** POST /api/library/blocks: a project's subgraph node saved to the caller's library. */
export const saveBlockSchema = z.object({
  projectId: projectIdSchema,
  nodeId: nodeIdSchema,
  name: blockNameSchema,
  description: z
    .string()
    .trim()
    .max(LIBRARY_DESCRIPTION_MAX, `Description must be at most ${LIBRARY_DESCRIPTION_MAX} characters`)
    .default(""),
});
export type SaveBlockRequest = z.infer<typeof saveBlockSchema>;

export const blockIdSchema = z.uuid({ error: "Invalid block id" });

/** A block as the library lists it. */
export const librarySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  nodeCount: z.number().int(),
  inputs: z.array(z.string()),
  outputs: z.array(z.string()),
  /** The model ids its nodes use, each once. */
  models: z.array(z.string()),
  createdAt: z.string(),
});
export type LibraryBlockSummary = z.infer<typeof librarySummarySchema>;

/** POST /api/projects/:id/library/:blockId/prepare: the block ready to insert, and what will not run here. */
export const preparedBlockSchema = z.object({
  subgraph: subgraphDataSchema,
  issues: z.array(compatibilityIssueSchema),
});
export type PreparedBlock = z.infer<typeof preparedBlockSchema>;
