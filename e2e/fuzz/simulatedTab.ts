import { IDBFactory } from "fake-indexeddb";
import WebSocket from "ws";
import type { NodeData } from "../../domain/canvas/node";
import type { RealtimeMessage } from "../../domain/realtime";
import { ApiError } from "../../app/api/client";
import { isOwnEcho } from "../../app/canvas/sync/liveChannel";
import { catchUp } from "../../app/canvas/sync/catchUp";
import { createCanvasClient, type CanvasClient, type CanvasData, type OutboxTransport } from "../../app/canvas/canvasClient";

/** What the run's seeded random numbers decide about the network, per request. */
export interface Faults {
  random(): number;
  /** Chance that a request fails before reaching the server. */
  dropBefore: number;
  /** Chance that a request reaches the server and its answer is lost. */
  dropAfter: number;
}

export interface Ack {
  nodeId: string;
  rev: number;
  data: NodeData;
}

/**
 * One browser tab of the studio in Node: the real canvas client (store, commands, undo, outbox, inbound)
 * over fetch, with a live channel on `ws`, IndexedDB from fake-indexeddb (kept across reloads, like a
 * browser's), and network faults that the run decides: offline periods, requests that never arrive and
 * answers that are lost.
 */
export class SimulatedTab {
  client!: CanvasClient;
  offline = false;
  reloads = 0;
  /** With FUZZ_TRACE set: every live message this tab received, for replaying a failing seed. */
  readonly trace: string[] = [];
  lastMessageAt = 0;
  private socket: WebSocket | null = null;
  private closed = false;
  private readonly indexedDB = new IDBFactory();

  constructor(
    readonly name: string,
    private readonly env: {
      url: () => string;
      projectId: string;
      token: string;
      faults: Faults;
      onAck(acks: Ack[]): void;
      onRemoval(ids: string[]): void;
    },
  ) {}

  /** Opens the project as a page load does: the canvas from the server, then unsent edits from the store. */
  async open(): Promise<void> {
    const initial = await this.request<CanvasData>("GET", `/api/projects/nodes?projectId=${this.env.projectId}`, undefined, {
      faults: false,
    });
    this.client = createCanvasClient({
      projectId: this.env.projectId,
      canEdit: true,
      initial,
      clientId: `${this.name}-${this.reloads}-${Math.random().toString(36).slice(2, 8)}`,
      transport: this.transport(),
      indexedDB: this.indexedDB,
      onAcknowledged: (acks) => this.env.onAck(acks),
    });
    // Removals this tab's person made (for excusing a node that is gone at the end).
    this.client.document.subscribe((list) => {
      if (list.source === "user") this.env.onRemoval(list.changes.flatMap((c) => (c.type === "node-removed" ? [c.id] : [])));
    });
    if (process.env.FUZZ_TRACE) this.traceClient();
    await this.client.ready;
    this.closed = false;
    this.connect();
  }

  /** With FUZZ_TRACE: every change list this tab applied, and every edge that left its canvas. */
  private traceClient() {
    const t = () => Date.now() % 100000;
    this.client.document.subscribe((list) => {
      if (list.changes.length)
        this.trace.push(
          `${t()} applied ${list.source}${list.replayed ? " replayed" : ""}${list.rebased ? " rebased" : ""} ${JSON.stringify(list.changes).slice(0, 20000)}`,
        );
    });
    let edges = new Set(this.client.store.getState().edges.map((e) => e.id));
    this.client.store.subscribe((s) => {
      const now = new Set(s.edges.map((e) => e.id));
      for (const id of edges) if (!now.has(id)) this.trace.push(`${t()} edge gone ${id}`);
      edges = now;
    });
  }

  /** A reload in the middle of saving: the page goes without flushing; the next one starts from the server. */
  async reload(): Promise<void> {
    this.disconnect();
    await this.client.dispose();
    this.reloads += 1;
    await this.open();
  }

  setOffline(offline: boolean) {
    if (this.offline === offline) return;
    this.offline = offline;
    if (offline) this.disconnect();
    else {
      this.closed = false;
      this.connect();
      this.client.retryNow();
    }
  }

  close() {
    this.disconnect();
    void this.client.dispose();
  }

  private transport(): OutboxTransport {
    return {
      autosave: (body) => this.request("POST", "/api/workflows/autosave", body),
      structure: (projectId, body) => this.request("POST", `/api/projects/${projectId}/structure`, body),
    };
  }

  private async request<T>(method: string, path: string, body?: unknown, opts: { faults: boolean } = { faults: true }): Promise<T> {
    const { faults } = this.env;
    if (opts.faults && (this.offline || faults.random() < faults.dropBefore)) throw new ApiError(0, "network", "offline");
    let res: Response;
    try {
      res = await fetch(this.env.url() + path, {
        method,
        headers: { authorization: `Bearer ${this.env.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, "network", "the studio is down");
    }
    const text = await res.text();
    if (process.env.FUZZ_TRACE && body !== undefined)
      this.trace.push(`${Date.now() % 100000} sent ${path} ${JSON.stringify(body).slice(0, 20000)} → ${res.status} ${text.slice(0, 300)}`);
    if (opts.faults && faults.random() < faults.dropAfter) throw new ApiError(0, "network", "answer lost");
    const data = text ? JSON.parse(text) : null;
    if (!res.ok) throw new ApiError(res.status, data?.code ?? "error", data?.error ?? `HTTP ${res.status}`);
    return data as T;
  }

  /** The live channel, reconnecting while the tab is online; after a reconnect it re-reads the canvas. */
  private connect() {
    if (this.closed || this.offline || this.socket) return;
    const socket = new WebSocket(`${this.env.url().replace("http", "ws")}/api/projects/${this.env.projectId}/live`, {
      headers: { authorization: `Bearer ${this.env.token}` },
    });
    this.socket = socket;
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as RealtimeMessage | { type: "ready" };
      this.lastMessageAt = Date.now();
      if (message.type === "ready") {
        // Messages sent while this tab was not listening (since its canvas load, or while away) are
        // missed: it reads the canvas again, as the studio's workspace does (CanvasWorkspace onReady).
        void this.resync();
        return;
      }
      // A tab ignores the echo of its own changes, as the studio's live channel does.
      if (isOwnEcho(message, this.client.clientId)) return;
      if (process.env.FUZZ_TRACE) this.trace.push(`${Date.now() % 100000} ${JSON.stringify(message).slice(0, 20000)}`);
      try {
        if (message.type === "nodes" || message.type === "structure") this.client.receive(message);
      } catch (err) {
        console.error(`[fuzz] ${this.name} failed on a live message`, err);
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      if (this.socket === socket) this.socket = null;
      if (!this.closed && !this.offline) setTimeout(() => this.connect(), 200);
    });
  }

  /** Bumped on each `ready` and on disconnect: an older catch-up stops, as in the studio's workspace. */
  private readyCount = 0;

  /** The studio's own catch-up (app/canvas/sync/catchUp.ts), over this tab's requests. */
  private async resync() {
    const mine = ++this.readyCount;
    let attempt = 0;
    const taken = await catchUp({
      client: {
        syncMark: () => this.client.syncMark(),
        resync: (fresh, mark) => {
          const ok = this.client.resync(fresh, mark);
          if (process.env.FUZZ_TRACE)
            this.trace.push(
              `${Date.now() % 100000} resync ${++attempt} ${ok ? "taken" : "stale"} edges ${fresh.edges.map((e) => e.id).join(",")} nodes ${fresh.nodes.map((n) => n.id).join(",")}`,
            );
          return ok;
        },
      },
      read: () => this.request<CanvasData>("GET", `/api/projects/nodes?projectId=${this.env.projectId}`, undefined, { faults: false }),
      current: () => mine === this.readyCount && !this.closed,
      onError: (err) => {
        // The studio went away (the next ready re-reads) or answered with an error (tried again). Anything
        // else is the client's own failure, which leaves this tab without what it missed: say so.
        if (process.env.FUZZ_TRACE) this.trace.push(`${Date.now() % 100000} resync failed: ${String(err)}`);
        if (!(err instanceof ApiError)) console.error(`[fuzz] ${this.name} failed to take a canvas read`, err);
      },
    });
    if (taken) this.client.retryNow();
  }

  private disconnect() {
    this.closed = true;
    this.readyCount += 1;
    const s = this.socket;
    this.socket = null;
    s?.close();
  }

  get connected() {
    return this.socket?.readyState === WebSocket.OPEN;
  }
}
