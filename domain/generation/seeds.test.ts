import { describe, expect, it } from "vitest";
import { chooseSeed, freshSeed, SEED_LIMIT } from "./seeds";

const derived = () => 4242;

describe("chooseSeed", () => {
  it("uses a fresh seed for every run while the lock is open", () => {
    const seeds = new Set(Array.from({ length: 50 }, () => chooseSeed({ typed: undefined, locked: false, derived })));
    expect(seeds.size).toBeGreaterThan(45);
    for (const s of seeds) expect(s).toBeGreaterThan(0);
  });
  it("ignores the shown version's seed and the derived one while unlocked", () => {
    expect(chooseSeed({ typed: undefined, locked: false, shownSeed: 77, derived, random: () => 0.5 })).toBe(freshSeed(() => 0.5));
    expect(chooseSeed({ typed: undefined, locked: false, shownSeed: 77, derived, random: () => 0.5 })).not.toBe(77);
  });
  it("treats an old form's 0 and an empty field as no seed", () => {
    expect(chooseSeed({ typed: 0, locked: false, derived, random: () => 0 })).toBe(1);
    expect(chooseSeed({ typed: "", locked: true, derived })).toBe(4242);
  });
  it("keeps a typed seed, locked or not", () => {
    expect(chooseSeed({ typed: 123, locked: false, derived })).toBe(123);
    expect(chooseSeed({ typed: "987", locked: true, shownSeed: 5, derived })).toBe(987);
  });
  it("repeats the shown version's seed once locked, so the locked picture comes again", () => {
    expect(chooseSeed({ typed: undefined, locked: true, shownSeed: 31337, derived })).toBe(31337);
    expect(chooseSeed({ typed: undefined, locked: true, shownSeed: null, derived })).toBe(4242);
  });
  it("never gives 0 or a seed an engine cannot take", () => {
    expect(freshSeed(() => 0)).toBe(1);
    expect(freshSeed(() => 0.9999999999999999)).toBeLessThan(SEED_LIMIT);
    expect(freshSeed(() => Number.NaN)).toBe(1);
    expect(chooseSeed({ typed: SEED_LIMIT, locked: false, derived, random: () => 0 })).toBe(1);
  });
});
