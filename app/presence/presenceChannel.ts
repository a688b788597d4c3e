/**
 * This tab's part in presence: one live socket per open project (ProjectWorkspace opens it),
 * which says hello with the tab's state, sends what changes (at most 10 states and 20 cursors a second;
 * the server holds every tab to the same), and feeds what it hears into the presence store. Any part of
 * the workspace reports through `reportPresence` and `reportCursor` without knowing about the socket.
 * After a reconnect it says hello again with its whole state, and the server's snapshot replaces the list.
 */
import { CURSOR_INTERVAL_MS, STATE_INTERVAL_MS, type PresenceMessage, type PresenceStateFrame } from "../../domain/presence/presence";
import { LatestThrottle } from "../../domain/presence/latestThrottle";
import { openProjectSocket, type ProjectSocket } from "../live/projectSocket";
import { usePresence } from "./presenceStore";
import type { Permission } from "../../domain/permissions";

type State = Omit<PresenceStateFrame, "type">;

interface Channel {
  live: ProjectSocket | null;
  /** Everything this tab said so far: the hello after a reconnect. */
  state: State;
  /** The fields changed since the last state frame went out. */
  changed: State;
  states: LatestThrottle<void>;
  cursors: LatestThrottle<{ x: number | null; y: number | null }>;
}

let channel: Channel | null = null;

const PRESENCE_TYPES = new Set(["presence-snapshot", "presence-peer", "presence-leave", "cursor"]);

function send(frame: unknown) {
  const socket = channel?.live?.current();
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

/**
 * Opens the project's presence socket; the returned function closes it and forgets everyone. `onAccess`
 * hears this user's new permission when the owner changes it (the socket is the tab's one live channel).
 */
export function connectPresence(
  projectId: string,
  selfUserId: string,
  initial: State,
  onAccess?: (permission: Permission) => void,
): () => void {
  usePresence.getState().reset(selfUserId);
  const me: Channel = {
    live: null,
    state: { ...initial },
    changed: {},
    states: new LatestThrottle(STATE_INTERVAL_MS, () => {
      const changed = me.changed;
      me.changed = {};
      if (Object.keys(changed).length) send({ type: "presence", ...changed });
    }),
    cursors: new LatestThrottle(CURSOR_INTERVAL_MS, (c) => send({ type: "cursor", ...c })),
  };
  channel = me;
  const live = openProjectSocket(projectId, {
    opened(socket) {
      live.healthy();
      me.changed = {};
      socket.send(JSON.stringify({ type: "presence", ...me.state }));
    },
    message(data) {
      const message = JSON.parse(data) as { type: string; permission?: Permission };
      if (PRESENCE_TYPES.has(message.type)) usePresence.getState().receive(message as PresenceMessage);
      else if (message.type === "access" && message.permission) onAccess?.(message.permission);
    },
    closed(socket) {
      if (live.current() === socket) usePresence.getState().reset(selfUserId);
    },
  });
  me.live = live;

  return () => {
    me.states.cancel();
    me.cursors.cancel();
    live.close();
    if (channel === me) channel = null;
    usePresence.getState().reset();
  };
}

/** What this tab is doing now (its mode, script, viewport, selection); only changed fields go out. */
export function reportPresence(update: State): void {
  if (!channel) return;
  let changed = false;
  for (const [key, value] of Object.entries(update) as [keyof State, unknown][]) {
    if (JSON.stringify(channel.state[key]) === JSON.stringify(value)) continue;
    (channel.state as Record<string, unknown>)[key] = value;
    (channel.changed as Record<string, unknown>)[key] = value;
    changed = true;
  }
  if (changed) channel.states.push();
}

/** The pointer on the canvas in flow coordinates, or null when it left. */
export function reportCursor(position: { x: number; y: number } | null): void {
  channel?.cursors.push(position ? { x: Math.round(position.x), y: Math.round(position.y) } : { x: null, y: null });
}
