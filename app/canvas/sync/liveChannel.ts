import type { RealtimeMessage } from "../../../domain/realtime";
import { openProjectSocket } from "../../live/projectSocket";

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
export const isOwnEcho = (message: { type: string; clientId?: string }, clientId: string): boolean =>
  message.clientId === clientId && message.type !== "structure";

/**
 * The project's realtime channel, on a socket that reconnects by itself (app/live/projectSocket.ts);
 * messages this tab caused itself (same clientId) are dropped, since the tab already shows them.
 */
export function openLiveChannel(projectId: string, clientId: string, handlers: Handlers): () => void {
  const live = openProjectSocket(projectId, {
    message(data, again) {
      const message = JSON.parse(data) as RealtimeMessage | { type: "ready" };
      if (message.type === "ready") {
        live.healthy();
        handlers.onReady?.();
        if (again) handlers.onReconnect?.();
        return;
      }
      if (isOwnEcho(message, clientId)) return;
      handlers.onMessage(message);
    },
  });
  return () => live.close();
}
