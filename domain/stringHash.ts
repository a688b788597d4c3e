/**
 * A small, stable hash of a string (Java's String.hashCode, kept unsigned), for picking one of a few
 * things the same way on every machine and every run: a person's presence colour, a speaker's voice.
 * Not for anything that must be hard to guess.
 */
export function stringHash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** One of `count` slots for `text`, the same every time. */
export const slotFor = (text: string, count: number): number => stringHash(text) % count;
