/**
 * POST /api/projects/:id/workflow/prepare answers this: the file's nodes and edges made new for the
 * project (ids remapped, placed beside its nodes, media copied into it), and what of them will not run
 * here. Nothing is on the canvas yet: the browser applies them through its command layer, as one undo step.
 */
import { z } from "zod";
import { nodeRecordSchema } from "../canvas/changes";
import { groupRecordSchema } from "../canvas/group";
import { edgeSchema } from "../canvas/node";
import { compatibilityIssueSchema } from "./compatibility";

export const preparedWorkflowSchema = z.object({
  nodes: z.array(nodeRecordSchema),
  edges: z.array(edgeSchema),
  /** The file's groups around the new ids (absent from an older server's answer). */
  groups: z.array(groupRecordSchema).optional(),
  issues: z.array(compatibilityIssueSchema),
  /** Media files copied into the project. */
  mediaCount: z.number().int().nonnegative(),
});
export type PreparedWorkflow = z.infer<typeof preparedWorkflowSchema>;
