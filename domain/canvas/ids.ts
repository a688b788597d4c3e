import { z } from "zod";

/** A node's id (in its own module so that node.ts and group.ts can both use it). */
export const nodeIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9_.:-]+$/, "Invalid node id");
