import type { RealtimeMessage } from "../../../domain/canvas/node";

interface Handlers {
  onMessage(message: RealtimeMessage): void;
  /** After a reconnect: messages may have been missed, so the caller re-reads. */
  onReconnect?(): void;
  /**
   * The channel is listening, the first time too: messages published before it was (between the page's
   * load and now, or while it was down) were missed, so a caller that must not miss any re-reads.
   */
  onReady?(): void;
}

/**
 * Whether a message is this tab's own change coming back, which the tab already shows. Structure echoes
 * are kept: a move of this tab's and another person's can reach the server in either order, and only the
 * echoes, delivered in the server's order, tell which place is last.
 */
export const isOwnEcho = (message: { type: string; clientId?: string }, clientId: string): boolean => message.clientId === clientId && message.type !== "structure";

/**
 * The project's realtime channel. Reconnects with growing waits (1 s up to 30 s); messages this tab
 * caused itself (same clientId) are dropped, since the tab already shows them.
 */
export function openLiveChannel(projectId: string, clientId: string, handlers: Handlers): () => void {
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/projects/${projectId}/live`;
    socket = new WebSocket(url);
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as RealtimeMessage | { type: "ready" };
      if (message.type === "ready") {
        handlers.onReady?.();
        if (attempt > 0) handlers.onReconnect?.();
        attempt = 0;
        return;
      }
      if (isOwnEcho(message, clientId)) return;
      handlers.onMessage(message);
    };
    socket.onclose = (event) => {
      if (closed || event.code === 4401 || event.code === 4403 || event.code === 4404) return;
      attempt += 1;
      timer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** (attempt - 1)));
    };
  };
  connect();

  return () => {
    closed = true;
    clearTimeout(timer);
    socket?.close();
  };
}
