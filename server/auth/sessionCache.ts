/**
 * A few seconds' memory of who a session token belongs to. Resolving a session (better-auth verifies the
 * signed token and reads the session and user rows) costs most of a small API request's CPU: about 9 of the
 * ~11 ms of an autosave (issue 16, bench:autosave). An editor saving several times a second presents the same
 * token each time, so the answer is kept for SESSION_CACHE_MS.
 *
 * What that costs: a session ended elsewhere is still honoured for up to SESSION_CACHE_MS on this process.
 * On this process, any successful auth call (sign-out, revoke, password change) forgets the caller's entries
 * at once (`forgetUser`, from the auth-call hook); on another studio process sharing the database, the entry
 * simply runs out. Live sockets are re-checked without it. Only signed-in answers are kept, so a token that
 * has no session always costs a full lookup.
 */
import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../domain/auth";

export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The credentials a request presents: its bearer token or its cookies; none → not cacheable. */
  static keyOf(request: FastifyRequest): string | null {
    const { authorization, cookie } = request.headers;
    if (!authorization && !cookie) return null;
    return `${authorization ?? ""}\n${cookie ?? ""}`;
  }

  get(key: string): SessionUser | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.user;
  }

  set(key: string, user: SessionUser): void {
    // A Map iterates in insertion order: past the bound, the oldest entry goes.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { user, until: this.now() + this.ttlMs });
  }

  /** Every cached session of one user (after an auth call that may have ended one of them). */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }
}
