import { randomUUID } from "node:crypto";
import type { Notifier } from "../db/client";
import type { Relay, RelayedMessage } from "./hub";

export const REALTIME_CHANNEL = "reelgraph_realtime";
/** NOTIFY payloads must stay under 8000 bytes; larger messages are split into smaller ones. */
export const MAX_PAYLOAD_BYTES = 7500;

interface Envelope {
  origin: string;
  projectId: string;
  message: RelayedMessage;
}

/**
 * Joins server instances through Postgres LISTEN/NOTIFY: each instance publishes what its clients
 * changed and delivers what the others published. Its own notifications come back too and are skipped.
 */
export class PgNotifyRelay implements Relay {
  private readonly origin = randomUUID();
  private handler: ((projectId: string, message: RelayedMessage) => void) | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  private constructor(private readonly notifier: Notifier) {}

  static async start(notifier: Notifier): Promise<PgNotifyRelay> {
    const relay = new PgNotifyRelay(notifier);
    relay.unlisten = await notifier.listen(REALTIME_CHANNEL, (payload) => relay.receive(payload));
    return relay;
  }

  onRemote(handler: (projectId: string, message: RelayedMessage) => void) {
    this.handler = handler;
  }

  async publish(projectId: string, message: RelayedMessage): Promise<void> {
    for (const part of splitToFit(message, (m) => JSON.stringify({ origin: this.origin, projectId, message: m }))) {
      await this.notifier.notify(REALTIME_CHANNEL, part);
    }
  }

  private receive(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.origin) return;
    this.handler?.(envelope.projectId, envelope.message);
  }

  async close() {
    await this.unlisten?.();
  }
}

/** Halves the message's lists until every part's payload fits; one node bigger than the limit is dropped with a warning. */
export function splitToFit(message: RelayedMessage, encode: (m: RelayedMessage) => string): string[] {
  const text = encode(message);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return [text];
  const halves = halve(message);
  if (!halves) {
    console.warn(`realtime: a ${message.type} message of ${Buffer.byteLength(text)} bytes is too large to relay`);
    return [];
  }
  return halves.flatMap((h) => splitToFit(h, encode));
}

function halve(m: RelayedMessage): [RelayedMessage, RelayedMessage] | null {
  if (m.type !== "nodes" && m.type !== "structure") return null;
  if (m.type === "nodes") {
    if (m.nodes.length < 2) return null;
    const mid = Math.ceil(m.nodes.length / 2);
    return [
      { ...m, nodes: m.nodes.slice(0, mid) },
      { ...m, nodes: m.nodes.slice(mid) },
    ];
  }
  const keys = ["nodes", "restoredNodeIds", "deletedNodeIds", "edgesAdded", "edgesRemoved"] as const;
  const longest = keys.reduce((a, b) => (m[b].length > m[a].length ? b : a));
  if (m[longest].length < 2) return null;
  const mid = Math.ceil(m[longest].length / 2);
  const empty = { nodes: [], restoredNodeIds: [], deletedNodeIds: [], edgesAdded: [], edgesRemoved: [] };
  // Order matters for a structure change: restores before deletions before edges. Keep the other lists in the first half.
  return [
    { ...m, [longest]: (m[longest] as unknown[]).slice(0, mid) } as RelayedMessage,
    { ...m, ...empty, [longest]: (m[longest] as unknown[]).slice(mid) } as RelayedMessage,
  ];
}
