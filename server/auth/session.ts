import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../domain/auth";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "./auth";
import { unauthorized } from "../errors";
import { SessionCache } from "./sessionCache";

declare module "fastify" {
  interface FastifyRequest {
    /** Resolved once per request by `loadSessionUser`; null when signed out. */
    sessionUser: SessionUser | null;
  }
}

/** Reads the caller from the session cookie or bearer token (better-auth resolves both). */
export async function loadSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

/**
 * `loadSessionUser` through a short cache (sessionCache.ts explains the trade): for ordinary API requests.
 * Auth calls and live-socket re-checks use `loadSessionUser` itself.
 */
export async function cachedSessionUser(cache: SessionCache, auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const key = SessionCache.keyOf(request);
  if (!key) return null;
  return cache.resolve(key, () => loadSessionUser(auth, request));
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
