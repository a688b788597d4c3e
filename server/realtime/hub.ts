import type { RealtimeMessage } from "../../domain/canvas/node";

/** Anything that can receive a project's realtime messages (a WebSocket, in practice). */
export interface Subscriber {
  send(text: string): void;
}

/**
 * Carries a published message to the other server instances. The in-process default has none; with
 * PostgreSQL, `PgNotifyRelay` (pgRelay.ts) joins instances through LISTEN/NOTIFY.
 */
export interface Relay {
  publish(projectId: string, message: RealtimeMessage): Promise<void>;
  /** Called by the relay for messages that other instances published. */
  onRemote(handler: (projectId: string, message: RealtimeMessage) => void): void;
  close(): Promise<void>;
}

/** The in-process fan-out of node and structure changes to every open client of a project. */
export class RealtimeHub {
  private readonly rooms = new Map<string, Set<Subscriber>>();

  constructor(private readonly relay?: Relay) {
    relay?.onRemote((projectId, message) => this.deliver(projectId, message));
  }

  join(projectId: string, subscriber: Subscriber): () => void {
    let room = this.rooms.get(projectId);
    if (!room) this.rooms.set(projectId, (room = new Set()));
    room.add(subscriber);
    return () => {
      room.delete(subscriber);
      if (room.size === 0) this.rooms.delete(projectId);
    };
  }

  /** Sends to this instance's clients now, and to other instances through the relay. */
  async publish(projectId: string, message: RealtimeMessage): Promise<void> {
    this.deliver(projectId, message);
    await this.relay?.publish(projectId, message);
  }

  subscriberCount(projectId: string): number {
    return this.rooms.get(projectId)?.size ?? 0;
  }

  private deliver(projectId: string, message: RealtimeMessage) {
    const room = this.rooms.get(projectId);
    if (!room) return;
    const text = JSON.stringify(message);
    for (const s of room) {
      try {
        s.send(text);
      } catch {
        // A socket that fails is closing; its close handler removes it.
      }
    }
  }

  async close() {
    this.rooms.clear();
    await this.relay?.close();
  }
}
