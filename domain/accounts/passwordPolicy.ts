/**
 * The password rule (OWASP ASVS 5, V6.2): at least 8 characters, up to 128 (ASVS asks for at least 64),
 * no composition rules, and refused when it is a common password, the account's own e-mail or name, or
 * one character repeated. Used by the sign-up form as the user types and by the server on every route
 * that sets a password, so both say the same thing.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  controlCharacter: "Password cannot contain control characters",
  oneCharacter: "Password cannot be one character repeated",
  ownDetails: "Password cannot be your e-mail address or name",
  common: "This password is too common. Choose one that is harder to guess.",
} as const;

/** What a password is compared with: the account it is for. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/** Passwords compare case-insensitively and without surrounding spaces ("Password " is "password"). */
const comparable = (text: string) => text.trim().toLowerCase();

/** NUL, other C0/C1 controls and DEL: never typed on purpose, and truncation hazards in some hashers. */
const CONTROL = /\p{Cc}/u;

/**
 * The first reason `password` is not acceptable for `owner`, or null when it is. `common` is the common
 * password list (see commonPasswordSet); the form may pass an empty set until the list has loaded.
 */
export function passwordProblem(password: string, owner: PasswordOwner, common: ReadonlySet<string>): string | null {
  // Counted in code points, so an emoji is one character as a person sees it.
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  if (CONTROL.test(password)) return PASSWORD_MESSAGES.controlCharacter;
  if (new Set(password).size === 1) return PASSWORD_MESSAGES.oneCharacter;
  const candidate = comparable(password);
  if (ownDetails(owner).includes(candidate)) return PASSWORD_MESSAGES.ownDetails;
  if (common.has(candidate)) return PASSWORD_MESSAGES.common;
  return null;
}

/** The e-mail address, its part before the @, and the name, as compared. */
function ownDetails(owner: PasswordOwner): string[] {
  const details: string[] = [];
  const email = owner.email ? comparable(owner.email) : "";
  if (email) details.push(email, email.split("@")[0] ?? email);
  const name = owner.name ? comparable(owner.name) : "";
  if (name) details.push(name, name.replace(/\s+/g, ""));
  return details.filter(Boolean);
}

let cached: Promise<ReadonlySet<string>> | null = null;

/**
 * The common password list as a set. It is a separate module (about 90 KB) so the browser loads it only
 * on the sign-up form; the server loads it once.
 */
export function commonPasswordSet(): Promise<ReadonlySet<string>> {
  cached ??= import("./commonPasswords").then(({ COMMON_PASSWORDS_TEXT }) => new Set(COMMON_PASSWORDS_TEXT.split("\n")));
  return cached;
}
