/**
 * A project's live socket (`/api/projects/:id/live`) that comes back by itself: after a drop it reconnects
 * with growing waits (1 s, 2 s, 4 s … up to 30 s) until closed, and stops for good when the server refuses
 * the caller (4401 signed out, 4403 no access, 4404 no such project). The canvas's live channel and the
 * presence channel each open one; what a socket means is theirs.
 */
const REFUSED = new Set([4401, 4403, 4404]);
const MAX_WAIT_MS = 30_000;

export interface ProjectSocketHandlers {
  /** A socket opened; `again` when it replaces an earlier one (messages may have been missed meanwhile). */
  opened?(socket: WebSocket, again: boolean): void;
  message(data: string, again: boolean): void;
  /** A socket closed, whether or not another follows. */
  closed?(socket: WebSocket): void;
}

export interface ProjectSocket {
  /** The socket now (null before the first one, or after closing). */
  current(): WebSocket | null;
  /** The connection proved healthy: the next drop waits 1 s again. */
  healthy(): void;
  close(): void;
}

export function openProjectSocket(projectId: string, handlers: ProjectSocketHandlers): ProjectSocket {
  return openLiveSocket(`/api/projects/${projectId}/live`, handlers);
}

/** The same reconnecting socket on any live path of this studio (the user's own channel is `/api/live`). */
export function openLiveSocket(path: string, handlers: ProjectSocketHandlers): ProjectSocket {
  let socket: WebSocket | null = null;
  let closed = false;
  let opened = 0;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const again = opened++ > 0;
    const s = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`);
    socket = s;
    s.onopen = () => handlers.opened?.(s, again);
    s.onmessage = (event) => handlers.message(String(event.data), again);
    s.onclose = (event) => {
      handlers.closed?.(s);
      if (closed || REFUSED.has(event.code)) return;
      failures += 1;
      timer = setTimeout(connect, Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - 1)));
    };
  };
  connect();

  return {
    current: () => socket,
    healthy: () => {
      failures = 0;
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
      socket?.close();
      socket = null;
    },
  };
}
