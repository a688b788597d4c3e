import type { AttemptRule, LimitWithFallback } from "./attemptLimiter";

/** The two knobs a deployment (or the e2e server, to keep its waits short) may turn. */
export interface AuthLimitSettings {
  /** The window for password guesses, and the first lockout after too many (default 60 s). */
  failureWindowSeconds: number;
  /** New accounts one client address may create per hour (default 10). */
  signupsPerAddressPerHour: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimitSettings = { failureWindowSeconds: 60, signupsPerAddressPerHour: 10 };

/** One counted key of a request: `forgetOnSuccess` clears it (and its `whenLocked` budget) once the request succeeds (the owner got in). */
export interface AuthLimit extends LimitWithFallback {
  forgetOnSuccess: boolean;
}

/** Who is attempting: the client address, and the account named in the body or signed in. */
export interface Attempt {
  address: string;
  email?: string;
  userId?: string;
}

const HOUR = 60 * 60 * 1000;

/**
 * The limits of each better-auth path that takes a secret or makes an account (path below /api/auth).
 * Every attempt counts; a success forgets the account's own count, so in effect only failures add up
 * (5 a window per account), while a client address has a wider allowance shared by all its accounts.
 */
export function authLimitsFor(path: string, who: Attempt, settings: AuthLimitSettings): AuthLimit[] {
  const windowMs = settings.failureWindowSeconds * 1000;
  // Guesses: 5 a window, then a lockout of one window that doubles each time, up to 15 windows.
  const guesses = (max: number): AttemptRule => ({ max, windowMs, lockoutMs: windowMs, maxLockoutMs: 15 * windowMs });
  const perHour = (max: number): AttemptRule => ({ max, windowMs: HOUR, lockoutMs: HOUR, maxLockoutMs: 24 * HOUR });
  const address = (action: string, rule: AttemptRule): AuthLimit => ({
    key: `${action}:address:${who.address}`,
    rule,
    forgetOnSuccess: false,
  });
  const account = (action: string, rule: AttemptRule, forgetOnSuccess: boolean): AuthLimit[] =>
    who.email ? [{ key: `${action}:account:${who.email}`, rule, forgetOnSuccess }] : [];
  const user = (action: string, rule: AttemptRule): AuthLimit[] =>
    who.userId ? [{ key: `${action}:user:${who.userId}`, rule, forgetOnSuccess: true }] : [];

  switch (path) {
    case "/sign-in/email": {
      // Five wrong passwords from anywhere locked the owner out for up to 15 windows. The
      // account keeps its limit, but while it is locked an address with no failures on the account for a
      // day signs in through a second, stricter budget of the account's (3 a window, shared by all such
      // addresses), so an attacker on one address (or /64) no longer locks the owner out; each address's
      // own attempts on the account are counted (5 a window) to tell it apart.
      if (!who.email) return [address("sign-in", guesses(30))];
      const atAddress = `sign-in:account:${who.email}:address:${who.address}`;
      const fresh = { key: `sign-in:account-fresh:${who.email}`, rule: guesses(3), unlessTried: atAddress, recentMs: 24 * HOUR };
      return [
        { key: `sign-in:account:${who.email}`, rule: guesses(5), forgetOnSuccess: true, whenLocked: fresh },
        { key: atAddress, rule: guesses(5), forgetOnSuccess: true },
        address("sign-in", guesses(30)),
      ];
    }
    case "/sign-up/email":
      return [...account("sign-up", guesses(5), false), address("sign-up", perHour(settings.signupsPerAddressPerHour))];
    case "/request-password-reset":
      return [...account("password-reset", perHour(3), false), address("password-reset", perHour(10))];
    case "/reset-password":
      // The token is the secret here: guessing it is limited per address.
      return [address("reset-password", guesses(5))];
    case "/change-password":
    case "/verify-password":
      return [...user("password-check", guesses(5)), address("password-check", guesses(30))];
    default:
      return [];
  }
}

/**
 * The key of a client address: IPv4 as it is, IPv6 by its /64 network, since one subscriber usually holds a
 * whole /64 and could otherwise take a fresh address for every attempt.
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}
