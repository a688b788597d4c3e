/**
 * A signed-in user's own live channel (GET /api/live, a WebSocket): the dashboard listens here for news
 * about the user's projects, such as a project just shared with them. It joins the
 * user's room in the hub (`userRoom`), so a message published on any instance reaches it. It only listens:
 * frames from the client are ignored. Like a project's socket, it lives only while its session does.
 */
import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { loadSessionUser, requireUser } from "../auth/session";
import { type LiveClient, type RealtimeHub, userRoom } from "../realtime/hub";
import { keepAlive, socketLimitReached } from "./liveRoutes";

export function registerUserLiveRoute(app: FastifyInstance, hub: RealtimeHub, auth: Auth) {
  app.get("/api/live", { websocket: true }, (socket, request) => {
    try {
      const caller = requireUser(request);
      const room = userRoom(caller.id);
      // Either cap; here the message speaks of tabs, since this channel belongs to no project.
      if (socketLimitReached(hub, room, caller.id)) {
        socket.close(4429, "Too many live connections; close some tabs");
        return;
      }
      const client: LiveClient = {
        userId: caller.id,
        send: (text) => socket.send(text),
        close: (code, reason) => socket.close(code, reason),
        recheck: async () => {
          const user = await loadSessionUser(auth, request).catch(() => undefined);
          // undefined: the check itself failed (the database briefly away), which is not a verdict.
          if (user === null || (user && user.id !== caller.id)) socket.close(4401, "Your session has ended");
        },
      };
      const leave = hub.join(room, client);
      keepAlive(socket, leave);
      socket.send(JSON.stringify({ type: "ready" }));
    } catch (err) {
      const status = (err as { status?: number }).status;
      socket.close(status === 401 ? 4401 : 1011, (err as Error).message.slice(0, 120));
    }
  });
}
