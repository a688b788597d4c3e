/**
 * The live messages of a run (the `generation` realtime message), built here and only here: one constructor
 * per step of its life, so every sender says the same thing in the same shape.
 */
import type { RealtimeMessage } from "../../domain/canvas/node";
import type { RealtimeHub } from "../realtime/hub";

export type RunMessage = Extract<RealtimeMessage, { type: "generation" }>;
/** Which run a message is about. */
export interface RunRef {
  id: string;
  nodeId: string;
}

const of = (run: RunRef) => ({ type: "generation" as const, generationId: run.id, nodeId: run.nodeId });

export const runMessages = {
  /** Held and queued: the node shows `message` (usually 'Preparing...') at 0 %. */
  queued: (run: RunRef, message: string): RunMessage => ({ ...of(run), status: "queued", percent: 0, message }),
  /** A worker took it, or it reports progress (`percent` absent: still working, no figure). */
  running: (run: RunRef, message: string, percent?: number): RunMessage => ({ ...of(run), status: "running", ...(percent === undefined ? {} : { percent }), message }),
  succeeded: (run: RunRef): RunMessage => ({ ...of(run), status: "succeeded", percent: 100 }),
  /** Skipped in a chain: its inputs and choices match its last success. */
  cached: (run: RunRef): RunMessage => ({ ...of(run), status: "cached" }),
  failed: (run: RunRef, error: string): RunMessage => ({ ...of(run), status: "failed", error }),
  cancelled: (run: RunRef, error: string): RunMessage => ({ ...of(run), status: "cancelled", error }),
};

/** On the user's own channel: their queue changed, so their open Queue panels read it again. */
export const queueChanged = (): RealtimeMessage => ({ type: "queue" });

/**
 * Says a run's step on its project's channel, and, for a change of status (not progress), on its user's own
 * channel too, so the Queue panel in every tab of theirs follows their runs across projects.
 */
export async function publishRun(hub: RealtimeHub, run: { projectId: string; userId: string }, message: RunMessage, options: { progress?: boolean } = {}): Promise<void> {
  await hub.publish(run.projectId, message);
  if (!options.progress) await hub.notifyUser(run.userId, queueChanged());
}
