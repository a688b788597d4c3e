/**
 * A run moved (queued, progress, finished). Progress is not stored on the node: it would bump the node's rev
 * many times a second and fight the user's own edits; the node record carries start and end. One
 * constructor per step of a run's life, so every sender says the same thing in the same shape.
 */
export interface RunMessage {
  type: "generation";
  generationId: string;
  nodeId: string;
  status: "waiting" | "queued" | "running" | "succeeded" | "failed" | "cancelled" | "cached";
  percent?: number;
  message?: string;
  error?: string;
}

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
  running: (run: RunRef, message: string, percent?: number): RunMessage => ({
    ...of(run),
    status: "running",
    ...(percent === undefined ? {} : { percent }),
    message,
  }),
  succeeded: (run: RunRef): RunMessage => ({ ...of(run), status: "succeeded", percent: 100 }),
  /** Skipped in a chain: its inputs and choices match its last success. */
  cached: (run: RunRef): RunMessage => ({ ...of(run), status: "cached" }),
  failed: (run: RunRef, error: string): RunMessage => ({ ...of(run), status: "failed", error }),
  cancelled: (run: RunRef, error: string): RunMessage => ({ ...of(run), status: "cancelled", error }),
};

/**
 * On a user's own channel (GET /api/live): their queue changed (a run of theirs queued, started or settled,
 * or they paused, resumed or reordered it), so every open Queue panel reads it again.
 */
export interface QueueMessage {
  type: "queue";
}

export const queueMessages = {
  changed: (): QueueMessage => ({ type: "queue" }),
};
