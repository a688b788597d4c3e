/**
 * A queue a film maker can steer: the user's runs across their projects, their order and
 * pause, as `GET /api/queue` answers them and as `PATCH /api/runs/:id` and `POST /api/queue/*` change them.
 */
import { z } from "zod";
import { generationSummarySchema } from "../generation/api";

/** Runs not started yet: a graph run's node waiting for its inputs, or one queued for a worker. */
export const WAITING_RUN_STATUSES = ["waiting", "queued"] as const;
export const isWaitingRun = (status: string): boolean => (WAITING_RUN_STATUSES as readonly string[]).includes(status);

export const queueRunSchema = generationSummarySchema.extend({
  projectId: z.string(),
  projectName: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type QueueRun = z.infer<typeof queueRunSchema>;

export const queueResponseSchema = z.object({
  success: z.literal(true),
  paused: z.boolean(),
  /** Running first, then waiting in the order they will start, then the latest finished, newest first. */
  runs: z.array(queueRunSchema),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

export const runIdParamsSchema = z.object({ id: z.string().uuid("Invalid run id") });

/**
 * `{ position }` moves a waiting run to that place among the user's waiting runs (0 = starts next);
 * `{ action: "run-next" }` is position 0; `{ action: "retry" }` queues a failed or cancelled run again.
 */
export const runPatchBodySchema = z.union([
  z.object({ position: z.number().int().min(0).max(10_000) }).strict(),
  z.object({ action: z.enum(["retry", "run-next"]) }).strict(),
]);
export type RunPatchBody = z.infer<typeof runPatchBodySchema>;

export const QUEUE_MESSAGES = {
  notYours: "This run is in someone else's queue; only who started it can change it",
  notWaiting: "Only a run that has not started can be moved",
  notRetryable: "Only a failed or cancelled run can be retried",
  cannotRetry: "This run cannot be started again from here; run its node instead",
  paused: "Queue paused: waiting runs start when you resume",
  resumed: "Queue resumed",
} as const;
