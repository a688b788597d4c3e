import type { RealtimeMessage } from "../../domain/realtime";

/** Anything that can receive a project's realtime messages (a WebSocket, in practice). */
export interface Subscriber {
  send(text: string): void;
  /**
   * Set on a tab that takes part in presence (it said hello): only such tabs get presence messages, and
   * never those about their own connection.
   */
  presenceConnectionId?: string;
}

/** A live socket that knows whose it is, so access can be taken away while it is open. */
export interface LiveClient extends Subscriber {
  userId: string;
  close(code: number, reason: string): void;
  /** Checks the session and the project permission again; closes the socket when either is gone. */
  recheck(): Promise<void>;
}

/**
 * Messages between instances about access, never sent to clients: a member was removed from a project
 * (close their sockets there), or a user's session may have ended (re-check their sockets).
 */
export type AccessMessage = { type: "access-revoked"; userId: string } | { type: "access-recheck"; userId: string };
export type RelayedMessage = RealtimeMessage | AccessMessage;

/** Close code and reason for a socket whose user no longer may view the project (the client does not reconnect). */
export const ACCESS_REVOKED_CLOSE = { code: 4403, reason: "Access to this project has ended" } as const;

/**
 * Carries a published message to the other server instances. The in-process default has none; with
 * PostgreSQL, `PgNotifyRelay` (pgRelay.ts) joins instances through LISTEN/NOTIFY.
 */
export interface Relay {
  publish(projectId: string, message: RelayedMessage): Promise<void>;
  /** Called by the relay for messages that other instances published. */
  onRemote(handler: (projectId: string, message: RelayedMessage) => void): void;
  close(): Promise<void>;
}

/**
 * A user's own room in the hub, beside the projects' rooms: their dashboard's socket (GET /api/live) joins
 * it, so news about their projects reaches them, through the relay, on any instance.
 */
export const userRoom = (userId: string) => `user:${userId}`;

const isLiveClient = (s: Subscriber): s is LiveClient => "recheck" in s;
const PRESENCE_TYPES = new Set(["presence-snapshot", "presence-peer", "presence-leave", "cursor"]);
/** The connection a presence message is about, which is not sent its own. */
function presenceSubject(m: RealtimeMessage): string | undefined {
  if (m.type === "presence-peer") return m.peer.connectionId;
  if (m.type === "cursor" || m.type === "presence-leave" || m.type === "presence-snapshot") return m.connectionId;
  return undefined;
}
const isAccessMessage = (m: RelayedMessage): m is AccessMessage => m.type === "access-revoked" || m.type === "access-recheck";

/** The in-process fan-out of node and structure changes to every open client of a project. */
export class RealtimeHub {
  private readonly rooms = new Map<string, Set<Subscriber>>();
  /** In-process listeners by room: handed each message as it is, with no text made or parsed for them. */
  private readonly listeners = new Map<string, Set<(message: RealtimeMessage) => void>>();
  private recheckTimer: NodeJS.Timeout | undefined;
  private readonly remoteObservers = new Set<(projectId: string, message: RealtimeMessage) => void>();

  constructor(private readonly relay?: Relay) {
    relay?.onRemote((projectId, message) => {
      if (isAccessMessage(message)) return this.applyAccess(projectId, message);
      for (const observe of this.remoteObservers) observe(projectId, message);
      this.deliver(projectId, message);
    });
  }

  /** Sees every message other instances publish (presence keeps their members from them). */
  observeRemote(observer: (projectId: string, message: RealtimeMessage) => void): () => void {
    this.remoteObservers.add(observer);
    return () => this.remoteObservers.delete(observer);
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

  /**
   * Hears `projectId`'s messages in this process (a run's waiter: engine.waitFor), from here and from other
   * instances, as a socket of the room would.
   */
  listen(projectId: string, listener: (message: RealtimeMessage) => void): () => void {
    let listening = this.listeners.get(projectId);
    if (!listening) this.listeners.set(projectId, (listening = new Set()));
    listening.add(listener);
    return () => {
      listening.delete(listener);
      if (listening.size === 0) this.listeners.delete(projectId);
    };
  }

  /** Sends to this instance's clients now, and to other instances through the relay. */
  async publish(projectId: string, message: RealtimeMessage): Promise<void> {
    this.deliver(projectId, message);
    await this.relay?.publish(projectId, message);
  }

  /** Tells `userId`'s own channel (their dashboard), here and on every other instance. */
  async notifyUser(userId: string, message: RealtimeMessage): Promise<void> {
    await this.publish(userRoom(userId), message);
  }

  /** Closes `userId`'s sockets on the project, here and on every other instance. */
  async revokeAccess(projectId: string, userId: string): Promise<void> {
    const message: AccessMessage = { type: "access-revoked", userId };
    this.applyAccess(projectId, message);
    await this.relay?.publish(projectId, message);
  }

  /** Re-checks `userId`'s sockets on every project, here and on every other instance (after a sign-out). */
  async recheckUser(userId: string): Promise<void> {
    const message: AccessMessage = { type: "access-recheck", userId };
    this.applyAccess("", message);
    await this.relay?.publish("", message);
  }

  /**
   * Re-checks every live socket every `everyMs`: the backstop for a change of access this instance was not
   * told of (a relay message lost, a session that expired by itself).
   */
  startRechecks(everyMs: number): void {
    clearInterval(this.recheckTimer);
    this.recheckTimer = setInterval(() => {
      for (const room of this.rooms.values()) for (const s of room) if (isLiveClient(s)) void s.recheck();
    }, everyMs);
    this.recheckTimer.unref();
  }

  subscriberCount(projectId: string): number {
    return this.rooms.get(projectId)?.size ?? 0;
  }

  /** How many live sockets `userId` holds on the project here. */
  clientCount(projectId: string, userId: string): number {
    let n = 0;
    for (const s of this.rooms.get(projectId) ?? []) if (isLiveClient(s) && s.userId === userId) n++;
    return n;
  }

  /** How many live sockets `userId` holds here, on all projects. */
  userClientCount(userId: string): number {
    let n = 0;
    for (const room of this.rooms.values()) for (const s of room) if (isLiveClient(s) && s.userId === userId) n++;
    return n;
  }

  private applyAccess(projectId: string, message: AccessMessage) {
    const rooms = message.type === "access-revoked" ? [this.rooms.get(projectId) ?? new Set<Subscriber>()] : [...this.rooms.values()];
    for (const room of rooms) {
      for (const s of [...room]) {
        if (!isLiveClient(s) || s.userId !== message.userId) continue;
        if (message.type === "access-revoked") s.close(ACCESS_REVOKED_CLOSE.code, ACCESS_REVOKED_CLOSE.reason);
        else void s.recheck();
      }
    }
  }

  /** Sends to this instance's clients only (what every instance decides for itself, such as a peer gone stale). */
  deliver(projectId: string, message: RealtimeMessage) {
    for (const listener of this.listeners.get(projectId) ?? []) {
      try {
        listener(message);
      } catch (err) {
        console.error("[realtime] a listener failed", err); // its trouble is its own: the room still hears
      }
    }
    const room = this.rooms.get(projectId);
    if (!room) return;
    const text = JSON.stringify(message);
    const presence = PRESENCE_TYPES.has(message.type);
    const subject = presence ? presenceSubject(message) : undefined;
    for (const s of room) {
      if (presence && (!s.presenceConnectionId || s.presenceConnectionId === subject)) continue;
      try {
        s.send(text);
      } catch {
        // A socket that fails is closing; its close handler removes it.
      }
    }
  }

  async close() {
    clearInterval(this.recheckTimer);
    this.rooms.clear();
    this.listeners.clear();
    await this.relay?.close();
  }
}
