import type { Rect } from "../../domain/canvas/placement";
import { LOCAL_SOURCES } from "../../domain/canvas/changes";
import { changeListFromMessage } from "../../domain/canvas/changeWire";
import type { ChangeList } from "../../domain/canvas/changes";
import { statusOnLoad } from "../../domain/canvas/contentType";
import type { GroupRecord } from "../../domain/canvas/group";
import type { CanvasEdge, CanvasNode, NodeData, Position, Viewport } from "../../domain/canvas/node";
import type { RealtimeMessage } from "../../domain/realtime";
import { ApiError } from "../api/client";
import { createCanvasCommands } from "./commands/canvasCommands";
import { createCanvasDocument } from "./document/canvasDocument";
import { installContextRefresh } from "./document/contextRefresh";
import { createInbound } from "./document/inbound";
import { readWithHeard } from "./document/readWithHeard";
import { unsentOverLoaded } from "./document/unsentOverLoaded";
import { createUndoHistory } from "./document/undoHistory";
import { Outbox, type OutboxStatus, type OutboxTransport } from "./outbox/outbox";
import type { OutboxEntry } from "./outbox/outboxEntries";
import { IndexedDbOutboxStore, MemoryOutboxStore } from "./outbox/outboxStore";
import { createSessionActions } from "./session/sessionActions";
import { createSessionStore } from "./session/sessionStore";
import { createCanvasStore, type StudioEdge, type StudioNode } from "./store/canvasStore";

export type { OutboxTransport } from "./outbox/outbox";

export interface CanvasData {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  viewport: Viewport | null;
  /** The canvas's groups; absent from an older server's answer. */
  groups?: GroupRecord[];
}

export const toStudioNode = (n: CanvasNode): StudioNode => ({
  id: n.id,
  type: n.type,
  position: n.position,
  data: { ...n.data, rev: n.rev, status: statusOnLoad(n.data) },
});
export const toStudioEdge = (e: CanvasEdge): StudioEdge => ({ ...e, type: "default" });

export interface CanvasClientOptions {
  projectId: string;
  canEdit: boolean;
  initial: CanvasData;
  clientId: string;
  transport: OutboxTransport;
  /** Where unsent edits outlive a reload; null keeps them in memory only. */
  indexedDB: IDBFactory | null;
  notify?(kind: "info" | "error" | "success", message: string): void;
  onStatus?(status: OutboxStatus): void;
  /** Every node write the server acknowledged, as it stored it. */
  onAcknowledged?(acks: { nodeId: string; rev: number; data: NodeData }[]): void;
  /** Centre of the visible canvas in flow coordinates, or null before it is ready. */
  viewCenter?(): Position | null;
  /** The visible canvas no panel covers, in flow coordinates (new nodes go there). */
  visibleArea?(): Rect | null;
  /** Pans smoothly to show new nodes that found no room in view. */
  reveal?(bounds: Rect): void;
  /** The clock for new ids and `lastModified` (tests); the outbox's timers always use the real one. */
  now?: () => number;
}

/**
 * One open canvas without React: the store and its document, the session, the commands, the undo history,
 * context refresh, what comes from the server (inbound) and what goes to it (outbox), wired once. The
 * workspace component and the sync fuzz test both run exactly this.
 */
export function createCanvasClient(opts: CanvasClientOptions) {
  const store = createCanvasStore({
    projectId: opts.projectId,
    canEdit: opts.canEdit,
    nodes: opts.initial.nodes.map(toStudioNode),
    edges: opts.initial.edges.map(toStudioEdge),
    groups: opts.initial.groups ?? [],
    viewport: opts.initial.viewport,
  });
  const session = createSessionStore();
  const document = createCanvasDocument(store);
  const sessionActions = createSessionActions({ store, session });
  const history = createUndoHistory({ store, session, document });
  const notify = opts.notify ?? (() => {});
  // The outbox's answers go to inbound (below); both exist before the first answer can come.
  const outbox: Outbox = new Outbox({
    projectId: opts.projectId,
    clientId: opts.clientId,
    transport: opts.transport,
    store: opts.indexedDB ? new IndexedDbOutboxStore(opts.indexedDB) : new MemoryOutboxStore(),
    onStatus: opts.onStatus,
    onAcknowledged: (writes) => {
      inbound.acknowledged(writes);
      opts.onAcknowledged?.(writes);
    },
    onConflicts: (conflicts) => inbound.conflicts(conflicts),
    onEdgesRefused: (edgeIds) => inbound.edgesRefused(edgeIds),
    onRejected: (err) => notify("error", err instanceof ApiError ? `Autosave failed: ${err.status} ${err.message}` : "Autosave failed"),
  });
  const inbound = createInbound({ store, document, unsent: () => outbox.unsentShape(), now: opts.now });
  installContextRefresh({ store, document, now: opts.now });
  document.subscribe((list) => {
    // A node brought back here (undo of a delete) carries the copy it was deleted with: that copy, not a
    // newer one someone else wrote meanwhile, is what its data is measured against (nothing in it is a new
    // edit of this client's, so their newer fields win a refused write). Also when the restore is replayed
    // after a reload: measured against the copy the page loaded, the old copy would count as edits.
    if (LOCAL_SOURCES.includes(list.source)) {
      for (const c of list.changes) if (c.type === "node-restored" && c.node) inbound.restoredHere(c.id, c.node.data);
    }
    outbox.take(list);
  });
  const commands = createCanvasCommands({
    store,
    session,
    sessionActions,
    document,
    history,
    notify,
    viewCenter: opts.viewCenter ?? (() => null),
    visibleArea: opts.visibleArea,
    reveal: opts.reveal,
    now: opts.now,
  });

  /** Live messages taken so far (see syncMark). */
  let heard = 0;
  /**
   * The live messages heard since the last syncMark, for a read taken although it may be older than them
   * (see resync); null when no read is under way. Capped: a read never takes that long.
   */
  let heardSinceMark: ChangeList[] | null = null;
  const HEARD_SINCE_MARK_CAP = 5000;
  /** Unsent edits of an earlier page, shown over the canvas just loaded (see unsentOverLoaded.ts). */
  const showUnsent = (entries: OutboxEntry[]) => {
    const { replayed, rebased } = unsentOverLoaded(entries, new Map(store.getState().nodes.map((n) => [n.id, n.data])));
    document.apply({ source: "user", changes: replayed, replayed: true });
    // Not replayed: the outbox takes them, replacing the stored entries' data and base.
    if (rebased.length) document.apply({ source: "user", changes: rebased, rebased: true });
  };

  return {
    clientId: opts.clientId,
    store,
    session,
    sessionActions,
    document,
    commands,
    /** Resolves once unsent edits of an earlier page are loaded, shown and queued. */
    ready: outbox.load(showUnsent).then(() => undefined),
    /** A message from the project's live channel (canvas messages; the live channel drops own data echoes). */
    receive(message: RealtimeMessage) {
      heard += 1;
      const list = changeListFromMessage(message);
      if (!list) return;
      if (heardSinceMark && heardSinceMark.length < HEARD_SINCE_MARK_CAP) heardSinceMark.push(list);
      else heardSinceMark = null;
      inbound.receive(list, { own: "clientId" in message && message.clientId === opts.clientId });
    },
    /** Taken before re-reading the canvas, and given back to `resync` with what was read. */
    syncMark: () => {
      heardSinceMark = [];
      return heard + outbox.answered;
    },
    /**
     * After a reconnect: the canvas as the server has it now. False, changing nothing, when a write of this
     * client was answered or a live message came since `mark`: the read may predate them (read again).
     * Without a mark (the canvas kept changing while it was read, again and again) the read is taken with
     * what was heard since the last mark put over it (readWithHeard.ts; fuzz 50×1000, seed 1: such a read,
     * taken as it was, removed a node added after it was answered).
     */
    resync(data: Pick<CanvasData, "nodes" | "edges" | "groups">, mark?: number): boolean {
      if (mark !== undefined && mark !== heard + outbox.answered) return false;
      const since = heardSinceMark ?? [];
      heardSinceMark = null;
      inbound.resync(mark === undefined ? readWithHeard(data, since) : data);
      return true;
    },
    flush: () => outbox.flush(),
    hasPending: () => outbox.hasPending(),
    retryNow: () => outbox.retryNow(),
    /** The page goes away: sending stops; resolves once unsent edits are all in the store. */
    dispose: () => outbox.dispose(),
  };
}

export type CanvasClient = ReturnType<typeof createCanvasClient>;
