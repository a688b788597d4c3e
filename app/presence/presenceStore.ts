/**
 * Who else has this project open, as this tab knows it from the live channel: their tabs' states,
 * their cursors on the canvas, and whom this tab follows. Components select the small part they draw (a
 * node's outline colour, one avatar), so a cursor moving re-renders the cursor layer only.
 */
import { create } from "zustand";
import type { PresenceMessage, PresencePeer } from "../../domain/presence/presence";

export interface PeerCursor {
  x: number;
  y: number;
  /** performance.now() of the last move: idle cursors fade out. */
  at: number;
}

interface PresenceState {
  /** This tab's own connection, once the server answered its hello. */
  self: string | null;
  /** Whose tab this is: their other tabs are here too, but are not shown as someone else. */
  selfUserId: string | null;
  peers: Record<string, PresencePeer>;
  cursors: Record<string, PeerCursor>;
  /** The connection this tab follows, or null. */
  following: string | null;
  receive(message: PresenceMessage): void;
  follow(connectionId: string | null): void;
  reset(selfUserId?: string | null): void;
}

const EMPTY = { self: null, selfUserId: null, peers: {}, cursors: {}, following: null };

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}

export const usePresence = create<PresenceState>()((set) => ({
  ...EMPTY,
  receive: (m) =>
    set((s) => {
      switch (m.type) {
        case "presence-snapshot":
          return { self: m.connectionId, peers: Object.fromEntries(m.peers.map((p) => [p.connectionId, p])), cursors: {} };
        case "presence-peer":
          return { peers: { ...s.peers, [m.peer.connectionId]: m.peer } };
        case "presence-leave":
          return {
            peers: without(s.peers, m.connectionId),
            cursors: without(s.cursors, m.connectionId),
            following: s.following === m.connectionId ? null : s.following,
          };
        case "cursor":
          return {
            cursors:
              m.x === null || m.y === null
                ? without(s.cursors, m.connectionId)
                : { ...s.cursors, [m.connectionId]: { x: m.x, y: m.y, at: performance.now() } },
          };
      }
    }),
  follow: (connectionId) => set({ following: connectionId }),
  reset: (selfUserId = null) => set({ ...EMPTY, selfUserId }),
}));

/** The peer this tab follows, if they are still here. */
export const useFollowed = () => usePresence((s) => (s.following ? (s.peers[s.following] ?? null) : null));

/**
 * The members here, one entry per person (their most recently heard tab), in the order they arrived;
 * `connectionIds` are all their tabs. `exceptUserId` (this tab's user) leaves out their other tabs.
 */
export function membersOf(
  peers: Record<string, PresencePeer>,
  exceptUserId: string | null = null,
): (PresencePeer & { connectionIds: string[] })[] {
  const byUser = new Map<string, PresencePeer & { connectionIds: string[] }>();
  for (const peer of Object.values(peers)) {
    if (peer.userId === exceptUserId) continue;
    const known = byUser.get(peer.userId);
    byUser.set(peer.userId, { ...peer, connectionIds: [...(known?.connectionIds ?? []), peer.connectionId] });
  }
  return [...byUser.values()];
}
