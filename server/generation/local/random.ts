/**
 * Deterministic randomness for the procedural engines: the same prompt and seed must give the same bytes on
 * every machine, so nothing here touches Math.random or the clock.
 */
import { seededRandom } from "../../../domain/seededRandom";

/** FNV-1a, 32 bit: a stable hash of a string (UTF-16 code units). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export { seededRandom };

export type Random = () => number;

/** A generator for one (prompt, seed, purpose) triple; `purpose` keeps independent streams apart. */
export function randomFor(prompt: string, seed: number, purpose: string): Random {
  return seededRandom(hashString(`${purpose}\u0000${seed >>> 0}\u0000${prompt}`));
}

export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length) % items.length];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Lower-case words of a prompt (letters and digits of any script), for keyword matching and hashing. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The seed of the i-th output of one run (num_images, variations). The first is the run's own seed; the others
 * step far away from it, because the runner gives its variations seed, seed + 1, … and they must not repeat.
 */
export function extraSeed(seed: number, index: number): number {
  return index === 0 ? seed >>> 0 : (seed + index * 1_000_003) >>> 0;
}
