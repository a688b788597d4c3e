/**
 * Which seed a run uses (overriding spec canvas 3's "images always use a fixed seed"): a seed
 * typed in the parameters is used as it is; with the lock closed the seed of the version on show (so the
 * locked picture comes again), else one derived from model and prompt; with the lock open a fresh seed
 * every run, kept in the version's details so it can be locked and reproduced.
 */

/** Seeds are 31-bit positive integers so every engine can take them; 0 means "none chosen". */
export const SEED_LIMIT = 2 ** 31;

export interface SeedChoice {
  /** The parameters' seed, as stored (an old form saved 0 for "empty"). */
  typed: unknown;
  locked: boolean;
  /** The seed of the node's current version, when it has one. */
  shownSeed?: number | null;
  /** For a locked run with no seed yet: a seed named by the model and prompt. */
  derived(): number;
  random?: () => number;
}

const usable = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0 && n < SEED_LIMIT;

/** A fresh seed in 1..2^31-1 (never 0, which reads as "no seed"). */
export function freshSeed(random: () => number = Math.random): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0;
  return 1 + Math.floor(unit * (SEED_LIMIT - 1));
}

export function chooseSeed(c: SeedChoice): number {
  const typed = typeof c.typed === "string" && c.typed.trim() ? Number(c.typed) : c.typed;
  if (usable(typed)) return typed;
  if (!c.locked) return freshSeed(c.random);
  if (usable(c.shownSeed)) return c.shownSeed;
  return c.derived();
}
