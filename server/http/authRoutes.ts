import type { FastifyInstance, FastifyReply } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { CLIENT_IP_HEADER, type Auth } from "../auth/auth";
import { checkAuthBody } from "../auth/authBodies";
import { addressKey, authLimitsFor, type AuthLimitSettings } from "../auth/authLimits";
import type { AttemptLimiter } from "../auth/attemptLimiter";
import { loadSessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { tooManyAttemptsMessage } from "../../domain/auth";

export interface AuthRouteOptions {
  db: Db;
  limiter: AttemptLimiter;
  limits: AuthLimitSettings;
  /** SMTP is configured: "Forgot password?" mails a link (else it says to ask the operator). */
  mailEnabled?: boolean;
}

/**
 * Hands /api/auth/* to better-auth as a Fetch Request, after the studio's own checks: the body against
 * the schemas in domain/ (authBodies.ts) and the attempt limits (authLimits.ts, counted in the database).
 * Fastify has already parsed the JSON body, so it is serialised again; better-auth answers with a
 * Response whose headers (Set-Cookie, set-auth-token) are copied over as they are.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, { db, limiter, limits, mailEnabled = false }: AuthRouteOptions) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
      const path = url.pathname.slice("/api/auth".length);
      const isPost = request.method === "POST";
      let body = request.body;
      let counted: ReturnType<typeof authLimitsFor> = [];
      if (isPost) {
        let session: ReturnType<typeof loadSessionUser> | undefined;
        const signedIn = () => (session ??= loadSessionUser(auth, request));
        const checked = await checkAuthBody(db, path, body, signedIn, url.searchParams.get("token") ?? undefined, mailEnabled);
        body = checked.body;
        const userId = path === "/change-password" || path === "/verify-password" ? (await signedIn())?.id : undefined;
        counted = authLimitsFor(path, { address: addressKey(request.ip), email: checked.email, userId }, limits);
        const wait = await limiter.takeAll(counted);
        if (wait > 0) return tooManyAttempts(reply, wait);
      }
      const headers = fromNodeHeaders(request.headers);
      // better-auth records the address with a session; it reads it from here, never from the client's headers.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== "GET" && body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(body) : undefined,
        }),
      );
      if (response.ok)
        await Promise.all(
          counted
            .filter((l) => l.forgetOnSuccess)
            .flatMap((l) => [l.key, ...(l.whenLocked ? [l.whenLocked.key] : [])])
            .map((key) => limiter.clear(key)),
        );
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() === "set-cookie") continue;
        reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      const text = await response.text();
      if (response.status >= 400) {
        // better-auth errors are { message, code }; the studio's are { error, code } (both are kept).
        const parsed = safeJson(text) as { message?: string; code?: string } | null;
        const message = parsed?.message ?? (response.statusText || "Authentication failed");
        reply.type("application/json").send({ ...parsed, error: message, code: authCode(response.status, parsed?.code) });
        return;
      }
      reply.send(text || null);
    },
  });
}

/** 429 with Retry-After in whole seconds, rounded up so a client that waits that long is let in. */
function tooManyAttempts(reply: FastifyReply, waitMs: number) {
  const seconds = Math.ceil(waitMs / 1000);
  return reply
    .status(429)
    .header("retry-after", String(seconds))
    .send({ error: tooManyAttemptsMessage(seconds), code: "rate_limited" });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function authCode(status: number, upstream?: string): string {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 422 && upstream?.includes("ALREADY_EXISTS")) return "already_exists";
  return upstream ? upstream.toLowerCase() : "bad_request";
}
