/**
 * The project's live channel (GET /api/projects/:id/live, a WebSocket) and what keeps it honest: a socket
 * lives only while its session does and its user may view the project (issue 17 item 4). A removed member's
 * sockets are closed by memberRoutes through the hub (on every instance); after an auth call that can end a
 * session (sign-out, revoking sessions) the caller's sockets are re-checked; and every socket is re-checked
 * periodically as a backstop.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import websocket from "@fastify/websocket";
import { z } from "zod";
import { projectIdSchema } from "../../domain/projects";
import type { SessionUser } from "../../domain/auth";
import type { Auth } from "../auth/auth";
import { loadSessionUser, requireUser } from "../auth/session";
import type { SessionCache } from "../auth/sessionCache";
import type { Db } from "../db/client";
import { authorizeProject } from "../policies/projectPolicy";
import { ACCESS_REVOKED_CLOSE, type LiveClient, type RealtimeHub } from "../realtime/hub";
import { parse } from "./errors";

const projectParams = z.object({ id: projectIdSchema });

/** Clients only listen (and ping); no frame they send needs more than this. */
export const LIVE_MAX_FRAME_BYTES = 1024;
/** One per open tab; more than this from one person on one project is not a person. */
export const LIVE_MAX_SOCKETS_PER_USER = 20;
export const LIVE_RECHECK_MS = 30_000;

const closeCodeFor = (status: number) => (status === 401 ? 4401 : status === 403 ? 4403 : status === 404 ? 4404 : 1011);

export async function registerLiveRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub, auth: Auth, sessions: SessionCache) {
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_FRAME_BYTES } });

  app.get("/api/projects/:id/live", { websocket: true }, async (socket, request) => {
    try {
      const caller = requireUser(request);
      const { id } = parse(projectParams, request.params);
      await authorizeProject(db, caller.id, id, "view");
      if (hub.clientCount(id, caller.id) >= LIVE_MAX_SOCKETS_PER_USER) {
        socket.close(4429, "Too many live connections to this project");
        return;
      }
      const client: LiveClient = {
        userId: caller.id,
        send: (text) => socket.send(text),
        close: (code, reason) => socket.close(code, reason),
        recheck: async () => {
          try {
            const user = await loadSessionUser(auth, request);
            if (!user || user.id !== caller.id) return socket.close(4401, "Your session has ended");
            await authorizeProject(db, caller.id, id, "view");
          } catch (err) {
            const status = (err as { status?: number }).status;
            if (status === 403 || status === 404) socket.close(ACCESS_REVOKED_CLOSE.code, ACCESS_REVOKED_CLOSE.reason);
            // Anything else (the database briefly away) is not a verdict; the next check decides.
          }
        },
      };
      const leave = hub.join(id, client);
      socket.on("close", leave);
      socket.on("message", () => {
        /* clients only listen; pings keep proxies from closing idle sockets */
      });
      socket.send(JSON.stringify({ type: "ready" }));
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      socket.close(closeCodeFor(status), (err as Error).message.slice(0, 120));
    }
  });

  // An auth call that succeeded may have ended one of the caller's sessions (sign-out, revoke-session...):
  // the session cache forgets them and their sockets check theirs again. The caller is read before
  // better-auth handles the call.
  const authCaller = new WeakMap<FastifyRequest, SessionUser>();
  app.addHook("preHandler", async (request) => {
    if (request.method !== "POST" || !request.url.startsWith("/api/auth/")) return;
    const user = await loadSessionUser(auth, request);
    if (user) authCaller.set(request, user);
  });
  app.addHook("onResponse", async (request, reply) => {
    const user = authCaller.get(request);
    if (!user || reply.statusCode >= 400) return;
    sessions.forgetUser(user.id);
    await hub.recheckUser(user.id);
  });

  hub.startRechecks(LIVE_RECHECK_MS);
}
