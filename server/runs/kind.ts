/**
 * The one interface of a run kind. A kind (a model, a tool, the LoRA trainer, an animatic, a shot list's
 * image) says how to turn a request into what will run (`prepare`, before anything is held) and how to run
 * it (`execute`, in a worker); the engine (engine.ts, runner.ts) does everything else the same way for all:
 * the credit hold, the row, the queue, the node's queued and settled fields, live messages, cancel and
 * recovery. Kinds register from their own folders (server/runKinds.ts lists them).
 */
import type { StoredRunFile } from "./output";
import type { NodeData } from "../../domain/canvas/node";
import type { generations } from "../db/schema";
import type { MediaBytes } from "../generation/engine";
import type { RunDeps } from "./deps";
import type { ServerOrigin, StoredNode } from "./nodeWriter";

export type RunRow = typeof generations.$inferSelect;

/** What every prepared run carries; the whole prepared run is kept as its row's `request`. */
export interface QueuedRun {
  modelId: string;
  credits: number;
  ownKey: boolean;
  inputHash: string;
}

export interface PrepareContext<D extends RunDeps> {
  deps: D;
  userId: string;
  projectId: string;
  /** The node it runs on (a stand-in with empty data for a kind that is not on the canvas). */
  node: StoredNode;
  /**
   * Planning a graph run: a node it needs will run first, so its inputs are not there yet. The kind still
   * prices the run but does not refuse it for missing inputs (it is prepared again once they are there).
   */
  upstreamPending?: boolean;
  /**
   * The node's inputs in connection order, given when the engine read them with the node (one statement,
   * nodeWriter.readNodeForRun) or when it is planned before it is stored (For every shot's dry run prices
   * copies of a workflow that are not on the canvas yet); read from the canvas when absent.
   */
  upstream?: { id: string; data: NodeData }[];
}

export interface RunContext<D extends RunDeps, P extends QueuedRun = QueuedRun> {
  deps: D;
  row: RunRow;
  /** The prepared run, as queued. */
  request: P;
  /**
   * Its node as it was when the run was claimed (null off the canvas or inside a subgraph): a write of the
   * result may start from it (patchNode's `known`); the revision check catches a change made since.
   */
  node: StoredNode | null;
  signal: AbortSignal;
  /** Live progress (rate-limited by the engine); percent 0–100, or undefined for "still working". */
  progress(percent: number | undefined, message: string): void;
  /** Studio media checked against the run's user, other URLs through safeFetch. */
  readMedia(url: string): Promise<MediaBytes>;
  /** A URL a hosted provider can fetch (studio media as a data URI). */
  publicUrl(url: string): Promise<string>;
}

/** What a finished run answers: its row's `result`, and what listeners of its success may want. */
export interface RunResult {
  data: Record<string, unknown>;
  /** The first picture it put on its node, if any (the storyboard gives it to the node's shot). */
  image?: string;
  /**
   * The result's write on its node, left to the engine: it lands in the statement that records the success
   * (runner.ts), so a node never shows a result whose run is not yet succeeded (a cached Run all would run it
   * again), and a run costs one round trip less. `image` is dropped if the node is gone by then.
   */
  nodeResult?: { patch: (current: NodeData) => Partial<NodeData> & Record<string, unknown> };
  /**
   * Products stored but not yet recorded (output.ts putRunOutput): their media rows are written in the
   * statement that settles the run, one round trip fewer. Only for products nothing shows before then.
   */
  media?: StoredRunFile[];
}

export interface RunKind<D extends RunDeps = RunDeps, I = unknown, P extends QueuedRun = QueuedRun> {
  /** Stored in the run's row (`kind`). */
  id: string;
  /** False for runs that are not on the canvas (a shot list's image): no node is read or written. */
  onCanvas: boolean;
  /** Which writer the node's changes come from on the live channel (default: generation). */
  origin?: ServerOrigin;
  /** The node's text while waiting (default 'Preparing...'). */
  waitingMessage?: string;
  /** One per node at a time (a double click or two tabs queue one run). Default true. */
  onePerNode?: boolean;
  /** Checks and resolves everything before a credit is held (4xx with the user's message when not). */
  prepare(ctx: PrepareContext<D>, input: I): Promise<P>;
  /** Fields the node keeps with its queued run (the choices it ran with), besides the engine's status. */
  queuedFields?(prepared: P, input: I): Record<string, unknown>;
  /** Runs it and writes its product (to its node, for a canvas kind). A ProviderError's message is shown. */
  execute(ctx: RunContext<D, P>): Promise<RunResult>;
  /** With this, a failed run leaves its node as it was, these fields added (a tool's result); without, the node shows the error. */
  failedFields?(message: string): Record<string, unknown>;
  /** The Queue panel's names for the run. */
  describe(row: Pick<RunRow, "modelId" | "nodeId" | "request">, nodeTitle: string | undefined): { title: string; modelName: string };
  /**
   * For kinds that run as a step of a graph run (Run all, selected, from here): what the node asks to run, read from its data,
   * with the model id its waiting row shows; null when the node is an input, not a step.
   */
  chainStep?(data: NodeData): { input: I; modelId: string } | null;
}

/** A kind of any input and prepared shape, as the registry and the engine hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRunKind<D extends RunDeps = RunDeps> = RunKind<D, any, any>;
