import { describe, expect, it } from "vitest";
import { screenplayElementSchema, titlePageSchema } from "./elements";
import { parseFdx, writeFdx } from "./fdx";
import { counterIds, generateScript, withoutIds } from "./fixtures";
import { parseFountain, writeFountain } from "./fountain";

const script = generateScript({ pages: 120, seed: 42 });
const expected = withoutIds(script);

describe("generateScript", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    expect(generateScript({ pages: 120, seed: 42 })).toEqual(script);
    expect(generateScript({ pages: 120, seed: 43 })).not.toEqual(script);
  });

  it("builds a feature-length script with every element type and feature", () => {
    const els = script.elements;
    expect(els.length).toBeGreaterThan(2000);
    for (const type of ["slug", "action", "character", "dialogue", "parenthetical", "transition", "shot"]) {
      expect(els.some((e) => e.type === type)).toBe(true);
    }
    expect(els.some((e) => e.dual)).toBe(true);
    expect(els.some((e) => e.pageBreakBefore)).toBe(true);
    expect(els.some((e) => e.centered)).toBe(true);
    expect(els.some((e) => e.sceneNumber?.endsWith("A"))).toBe(true);
    expect(els.some((e) => /\(V\.O\.\)|\(CONT'D\)/.test(e.content))).toBe(true);
    const text = els.map((e) => e.content).join("\n");
    for (const word of ["Ålesund", "Zoë", "Москва", "東京"]) expect(text).toContain(word);
  });

  it("scales with the page count", () => {
    const short = generateScript({ pages: 10, seed: 42 }).elements.length;
    expect(script.elements.length / short).toBeGreaterThan(8);
    expect(script.elements.length / short).toBeLessThan(16);
  });

  it("fits the element model's schema", () => {
    for (const el of script.elements) expect(screenplayElementSchema.safeParse(el).success).toBe(true);
    expect(titlePageSchema.safeParse(script.titlePage).success).toBe(true);
  });
});

describe("round trips on the generated 120-page script", () => {
  it("Fountain: parseFountain(writeFountain(x)) equals x", () => {
    expect(withoutIds(parseFountain(writeFountain(script), { newId: counterIds() }))).toEqual(expected);
  });

  it("FDX: parseFdx(writeFdx(x)) equals x", () => {
    expect(withoutIds(parseFdx(writeFdx(script), { newId: counterIds() }))).toEqual(expected);
  });

  it("Fountain → FDX → Fountain gives the same Fountain text", () => {
    const fountain = writeFountain(script);
    const viaFdx = parseFdx(writeFdx(parseFountain(fountain)));
    expect(writeFountain(viaFdx)).toBe(fountain);
  });

  it("keeps non-Latin text byte for byte through both formats", () => {
    const pick = (s: { elements: { content: string }[] }) => s.elements.map((e) => e.content).filter((c) => /[^\u0000-\u007f]/.test(c));
    const original = pick(script);
    expect(original.length).toBeGreaterThan(50);
    expect(pick(parseFountain(writeFountain(script)))).toEqual(original);
    expect(pick(parseFdx(writeFdx(script)))).toEqual(original);
  });

  it("parses and writes 120 pages quickly", () => {
    const started = performance.now();
    parseFountain(writeFountain(script));
    parseFdx(writeFdx(script));
    // Generous bound for slow CI; locally this takes well under half a second.
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
