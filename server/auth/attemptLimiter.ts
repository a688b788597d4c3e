import { and, eq, gt, inArray, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { authAttempts } from "../db/schema";

/** How many attempts a key may spend in a window before it is locked out, and for how long. */
export interface AttemptRule {
  max: number;
  windowMs: number;
  /** The first lockout; each further one lasts twice as long, up to maxLockoutMs. */
  lockoutMs: number;
  maxLockoutMs: number;
}

/** A counted key, and the budget it gives way to while it is locked (see AttemptLimiter.budgetsFor). */
export interface LimitWithFallback {
  key: string;
  rule: AttemptRule;
  whenLocked?: { key: string; rule: AttemptRule; unlessTried: string; recentMs: number };
}

/** A key's lockout count is forgotten after a day without attempts, so old mistakes stop compounding. */
const LOCKOUTS_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;

export interface AttemptState {
  count: number;
  windowStartedAt: Date | null;
  blockedUntil: Date | null;
  lockouts: number;
  lastAttemptAt: Date | null;
}

/** One more attempt against `rule`: the pure step from one stored state to the next. */
export function countAttempt(state: AttemptState, rule: AttemptRule, now: number): AttemptState {
  const lockouts = state.lastAttemptAt && now - state.lastAttemptAt.getTime() > LOCKOUTS_FORGOTTEN_AFTER_MS ? 0 : state.lockouts;
  const windowOpen = state.windowStartedAt !== null && now - state.windowStartedAt.getTime() < rule.windowMs;
  const count = (windowOpen ? state.count : 0) + 1;
  const windowStartedAt = windowOpen ? state.windowStartedAt : new Date(now);
  if (count < rule.max) return { count, windowStartedAt, blockedUntil: state.blockedUntil, lockouts, lastAttemptAt: new Date(now) };
  const lockoutMs = Math.min(rule.maxLockoutMs, rule.lockoutMs * 2 ** lockouts);
  return { count: 0, windowStartedAt: null, blockedUntil: new Date(now + lockoutMs), lockouts: lockouts + 1, lastAttemptAt: new Date(now) };
}

/**
 * Counts auth attempts per key in the database (one row per key, changed under a row lock), so a limit
 * holds across restarts and across studio processes sharing one PostgreSQL.
 */
export class AttemptLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until every one of `keys` is free again; 0 when none is locked out. */
  async lockedFor(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const now = this.now();
    const [row] = await this.db
      .select({ until: max(authAttempts.blockedUntil) })
      .from(authAttempts)
      .where(and(inArray(authAttempts.key, keys), gt(authAttempts.blockedUntil, new Date(now))));
    const until = row?.until ? new Date(row.until).getTime() : 0;
    return Math.max(0, until - now);
  }

  /**
   * Counts one attempt for `key` unless it is locked out, in one transaction under the row's lock, so
   * parallel requests cannot all slip past the check before any of them is counted. Answers the
   * milliseconds left of a lockout, or 0 when this attempt may go ahead.
   */
  async take(key: string, rule: AttemptRule): Promise<number> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      await tx.insert(authAttempts).values({ key }).onConflictDoNothing();
      const [row] = await tx.select().from(authAttempts).where(eq(authAttempts.key, key)).for("update");
      if (!row) return 0;
      const lockedUntil = row.blockedUntil?.getTime() ?? 0;
      if (lockedUntil > now) return lockedUntil - now;
      await tx
        .update(authAttempts)
        .set(countAttempt(row, rule, now))
        .where(eq(authAttempts.key, key));
      return 0;
    });
  }

  /** Whether `key` had an attempt counted within the last `withinMs` (one its owner's success did not forget). */
  async triedWithin(key: string, withinMs: number): Promise<boolean> {
    const [row] = await this.db.select({ at: authAttempts.lastAttemptAt }).from(authAttempts).where(eq(authAttempts.key, key));
    return !!row?.at && this.now() - new Date(row.at).getTime() < withinMs;
  }

  /**
   * The limits a request is counted against: a locked key with a `whenLocked` budget gives way to that
   * budget when the request's own key there (`unlessTried`) has no recent attempts (so an
   * attacker's wrong passwords do not lock the owner out: a sign-in from an address that has not failed on the
   * account goes through its own, stricter budget instead).
   */
  async budgetsFor(limits: LimitWithFallback[]): Promise<{ key: string; rule: AttemptRule }[]> {
    const out: { key: string; rule: AttemptRule }[] = [];
    for (const l of limits) {
      const fallback = l.whenLocked;
      const useFallback =
        fallback && (await this.lockedFor([l.key])) > 0 && !(await this.triedWithin(fallback.unlessTried, fallback.recentMs));
      out.push(useFallback ? fallback : l);
    }
    return out;
  }

  /**
   * Counts one attempt for each of a request's keys; the milliseconds to wait when any is locked out.
   * It looks first, so a request refused for one key is not also counted against the others.
   */
  async takeAll(given: LimitWithFallback[]): Promise<number> {
    const limits = await this.budgetsFor(given);
    const locked = await this.lockedFor(limits.map((l) => l.key));
    if (locked > 0) return locked;
    for (const { key, rule } of limits) {
      const wait = await this.take(key, rule);
      if (wait > 0) return wait;
    }
    return 0;
  }

  /** Forgets a key, e.g. an account's failures once its owner signs in. */
  async clear(key: string): Promise<void> {
    await this.db.delete(authAttempts).where(eq(authAttempts.key, key));
  }
}
