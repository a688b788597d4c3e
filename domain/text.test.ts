import { describe, expect, it } from "vitest";
import { badTextMessage, fieldName, findBadText, textProblem, textRuleViolation } from "./text";

describe("the text rule", () => {
  it("refuses NUL and unpaired surrogates, and nothing else", () => {
    expect(textProblem("a\u0000b")).toBe("nul");
    expect(textProblem("a\ud800")).toBe("surrogate");
    expect(textProblem("\udfffz")).toBe("surrogate");
    expect(textProblem("\udc00\ud800")).toBe("surrogate"); // a pair in the wrong order is two lone halves
    for (const fine of ["", "plain", "🌙 emoji pairs 👩‍👩‍👧", "tab\tnew\nline\u0007bell", "\uffff", "日本語"])
      expect(textProblem(fine)).toBeNull();
  });

  it("finds the first bad string or key anywhere in a JSON value, with its path", () => {
    expect(findBadText({ a: [1, { b: "ok" }, { c: "x\u0000" }] })).toEqual({ path: ["a", 2, "c"], problem: "nul", inKey: false });
    expect(findBadText({ data: { ["k\ud800"]: 1 } })).toEqual({ path: ["data", "k\ud800"], problem: "surrogate", inKey: true });
    expect(findBadText({ n: 1, b: true, z: null, s: "fine" })).toBeNull();
  });

  it("never walks bytes (an uploaded zip, media): they are not text", () => {
    const bytes = Buffer.alloc(4 * 1024 * 1024); // all NUL bytes
    const started = performance.now();
    expect(findBadText(bytes)).toBeNull();
    expect(findBadText({ upload: new Uint8Array(16), nested: [bytes.buffer] })).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
    expect(findBadText({ bytes, name: "a\u0000" })?.path).toEqual(["name"]);
  });

  it("keeps the path of a deep finding right (the walk shares one path)", () => {
    expect(findBadText({ a: [{ b: "ok" }, { c: ["x", "bad\u0000"] }], d: "\u0000" })?.path).toEqual(["a", 1, "c", 1]);
    expect(findBadText({ a: { "k\ud800": 1 } })).toEqual({ path: ["a", "k\ud800"], problem: "surrogate", inKey: true });
  });

  it("names the field in the message, escaping what cannot be shown", () => {
    expect(fieldName(["updates", 0, "nodeData", "title"])).toBe("updates[0].nodeData.title");
    expect(textRuleViolation({ name: "a\u0000" })).toBe("name contains a NUL character, which cannot be stored");
    expect(badTextMessage({ path: ["k\u0000"], problem: "nul", inKey: true })).toBe(
      "Field name k\\u0000 contains a NUL character, which cannot be stored",
    );
    expect(textRuleViolation("\ud800")).toBe("The request contains broken Unicode (an unpaired surrogate), which cannot be stored");
  });
});
