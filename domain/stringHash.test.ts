import { describe, expect, it } from "vitest";
import { slotFor, stringHash } from "./stringHash";

describe("stringHash", () => {
  it("is Java's String.hashCode, unsigned, so picks never change between releases", () => {
    expect(stringHash("")).toBe(0);
    expect(stringHash("a")).toBe(97);
    expect(stringHash("hello")).toBe(99162322);
    expect(stringHash("MARIA")).toBe(73128662);
    expect(stringHash("a long speaker name that overflows 32 bits")).toBeLessThan(2 ** 32);
  });

  it("spreads names over the slots and gives each name the same slot every time", () => {
    const names = ["MARIA", "JOHN", "ELENA", "THE DETECTIVE", "NARRATOR", "KID #2", "O.S. VOICE", "ANNA"];
    expect(names.map((n) => slotFor(n, 4))).toEqual(names.map((n) => slotFor(n, 4)));
    expect(new Set(names.map((n) => slotFor(n, 4))).size).toBeGreaterThan(1);
    for (const n of names) expect(slotFor(n, 4)).toBeGreaterThanOrEqual(0);
  });
});
