/**
 * The project's live channel (GET /api/projects/:id/live, a WebSocket) and what keeps it honest: a socket
 * lives only while its session does and its user may view the project. A removed member's
 * sockets are closed by memberRoutes through the hub (on every instance); after an auth call that can end a
 * session (sign-out, revoking sessions) the caller's sockets are re-checked; and every socket is re-checked
 * periodically as a backstop.
 *
 * Tabs that say hello (a presence state frame) take part in presence (server/realtime/presence.ts): their
 * frames are the only ones the channel reads.
 */
import { collaborationMessages } from "../../domain/realtime";
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
import { parse } from "../validation";
import { randomUUID } from "node:crypto";
import { applyStateFrame, presenceColor, presenceFrameSchema, type PresenceFrame } from "../../domain/presence/presence";
import type { Presence } from "../realtime/presence";

const projectParams = z.object({ id: projectIdSchema });

/** Clients send only presence frames (a state with a 50-node selection at most); none needs more than this. */
export const LIVE_MAX_FRAME_BYTES = 4096;
/** The server pings every socket this often; one that has not answered for LIVE_DEAD_MS is closed (a lost network sends no close). */
export const LIVE_PING_MS = 5_000;
export const LIVE_DEAD_MS = 15_000;

/** The parts of a socket liveness needs. */
interface PingedSocket {
  on(event: "pong" | "close", listener: () => void): unknown;
  ping(): void;
  terminate(): void;
}

/**
 * Liveness for a live socket (the project's and the dashboard's): browsers answer pings by themselves, even
 * in a background tab whose timers are slowed; a socket silent for LIVE_DEAD_MS is closed, and `onClose`
 * runs once it is gone either way.
 */
export function keepAlive(socket: PingedSocket, onClose: () => void): void {
  let answeredAt = Date.now();
  socket.on("pong", () => (answeredAt = Date.now()));
  const pinger = setInterval(() => {
    if (Date.now() - answeredAt > LIVE_DEAD_MS) return socket.terminate();
    socket.ping();
  }, LIVE_PING_MS);
  socket.on("close", () => {
    clearInterval(pinger);
    onClose();
  });
}
/** One per open tab; more than this from one person on one project is not a person. */
export const LIVE_MAX_SOCKETS_PER_USER = 20;
/** …and across all their projects (one person held 500 sockets over 25 projects). */
export const LIVE_MAX_SOCKETS_PER_USER_ALL_PROJECTS = 50;
export const LIVE_RECHECK_MS = 30_000;

/** Why one more socket from this user in this room is refused (close code 4429), or null when it may open. */
export function socketLimitReached(hub: RealtimeHub, room: string, userId: string): string | null {
  if (hub.clientCount(room, userId) >= LIVE_MAX_SOCKETS_PER_USER) return "Too many live connections to this project";
  if (hub.userClientCount(userId) >= LIVE_MAX_SOCKETS_PER_USER_ALL_PROJECTS) return "Too many live connections; close some tabs";
  return null;
}

const closeCodeFor = (status: number) => (status === 401 ? 4401 : status === 403 ? 4403 : status === 404 ? 4404 : 1011);

function presenceFrame(raw: unknown): PresenceFrame | null {
  try {
    const parsed = presenceFrameSchema.safeParse(JSON.parse(String(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function registerLiveRoutes(
  app: FastifyInstance,
  db: Db,
  hub: RealtimeHub,
  auth: Auth,
  sessions: SessionCache,
  presence: Presence,
) {
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_FRAME_BYTES } });

  app.get("/api/projects/:id/live", { websocket: true }, async (socket, request) => {
    try {
      const caller = requireUser(request);
      const { id } = parse(projectParams, request.params);
      let permission = await authorizeProject(db, caller.id, id, "view");
      const refusal = socketLimitReached(hub, id, caller.id);
      if (refusal) {
        socket.close(4429, refusal);
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
            const before = permission;
            permission = await authorizeProject(db, caller.id, id, "view");
            // Their own tab follows at once: a member made editor may edit without a reload.
            if (permission !== before) socket.send(JSON.stringify(collaborationMessages.access(permission)));
            // A member made view-only (or editor) is shown so to everyone present.
            if (client.presenceConnectionId) presence.setCanEdit(client.presenceConnectionId, permission !== "view");
          } catch (err) {
            const status = (err as { status?: number }).status;
            if (status === 403 || status === 404) socket.close(ACCESS_REVOKED_CLOSE.code, ACCESS_REVOKED_CLOSE.reason);
            // Anything else (the database briefly away) is not a verdict; the next check decides.
          }
        },
      };
      const leave = hub.join(id, client);
      const connectionId = randomUUID();
      keepAlive(socket, () => {
        leave();
        presence.leave(connectionId);
      });
      socket.on("message", (raw) => {
        const frame = presenceFrame(raw);
        if (!frame) return; // a ping, or a frame this studio does not know: nothing to do
        if (client.presenceConnectionId) return presence.frame(connectionId, frame);
        // The first state frame is the tab's hello: from then on it is in presence and hears the others.
        if (frame.type !== "presence") return;
        client.presenceConnectionId = connectionId;
        const peer = applyStateFrame(
          {
            connectionId,
            userId: caller.id,
            name: caller.name,
            color: presenceColor(caller.id),
            canEdit: permission !== "view",
            mode: null,
            scriptId: null,
            scriptElementId: null,
            viewport: null,
            selection: [],
          },
          frame,
        );
        socket.send(JSON.stringify({ type: "presence-snapshot", connectionId, peers: presence.join(id, peer) }));
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
