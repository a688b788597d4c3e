/**
 * A few seconds' memory of who a session token belongs to. Resolving a session (better-auth verifies the
 * signed token and reads the session and user rows) costs most of a small API request's CPU: about 9 of the
 * ~11 ms of an autosave (bench:autosave). An editor saving several times a second presents the same
 * token each time, so the answer is kept for SESSION_CACHE_MS.
 *
 * What that costs: a session ended elsewhere is still honoured for up to SESSION_CACHE_MS on this process.
 * On this process, any successful auth call (sign-out, revoke, password change) forgets the caller's entries
 * at once (`forgetUser`, from the auth-call hook); on another studio process sharing the database, the entry
 * simply runs out. Live sockets are re-checked without it. Only signed-in answers are kept, so a token that
 * has no session always costs a full lookup.
 *
 * Lookups are shared and made ahead of time. An editor's saves come in bursts (twenty requests at once from
 * one token in bench:autosave); when the entry ran out, every request of the burst resolved the session
 * itself, about 9 ms of CPU each, and that stall was the burst's tail. Now one lookup serves all requests
 * waiting for the same credentials, and a request in an entry's last REFRESH_AHEAD_MS starts one lookup in
 * the background while it is answered from the entry, so a busy editor never waits for one. An answer is
 * still never older than SESSION_CACHE_MS, and a background lookup that finds no session drops the entry.
 */
import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../domain/auth";
import { ShortMemory } from "../shortMemory";

export const SESSION_CACHE_MS = 5_000;
const REFRESH_AHEAD_MS = 1_000;

export class SessionCache {
  private readonly memory: ShortMemory<SessionUser>;
  private readonly lookups = new Map<string, Promise<SessionUser | null>>();

  constructor(ttlMs = SESSION_CACHE_MS, now: () => number = () => Date.now()) {
    this.memory = new ShortMemory(ttlMs, 10_000, now);
  }

  /** The credentials a request presents: its bearer token or its cookies; none → not cacheable. */
  static keyOf(request: FastifyRequest): string | null {
    const { authorization, cookie } = request.headers;
    if (!authorization && !cookie) return null;
    return `${authorization ?? ""}\n${cookie ?? ""}`;
  }

  get(key: string): SessionUser | null {
    return this.memory.get(key)?.value ?? null;
  }

  set(key: string, user: SessionUser): void {
    this.memory.set(key, user);
  }

  /**
   * Who `key`'s credentials belong to: from the entry while it lasts (starting a background lookup in its
   * last REFRESH_AHEAD_MS), else from `load`, shared with every other request waiting for the same key.
   */
  resolve(key: string, load: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    const entry = this.memory.get(key);
    if (!entry) return this.lookup(key, load);
    if (entry.left <= REFRESH_AHEAD_MS) this.lookup(key, load).catch(() => {}); // the entry serves until it runs out
    return Promise.resolve(entry.value);
  }

  private lookup(key: string, load: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    let pending = this.lookups.get(key);
    if (!pending) {
      const mark = this.memory.mark(); // a sign-out meanwhile voids the answer
      pending = load()
        .then((user) => {
          this.memory.storeSince(mark, key, user);
          return user;
        })
        .finally(() => this.lookups.delete(key));
      this.lookups.set(key, pending);
    }
    return pending;
  }

  /** Every cached session of one user (after an auth call that may have ended one of them). */
  forgetUser(userId: string): void {
    this.memory.forget((_key, user) => user.id === userId);
  }
}
