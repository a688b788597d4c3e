import { describe, expect, it } from "vitest";
import { ShortMemory } from "./shortMemory";

describe("ShortMemory", () => {
  it("keeps a value for its time, says how long it has left, and drops the oldest past its bound", () => {
    let now = 0;
    const memory = new ShortMemory<string>(1_000, 2, () => now);
    memory.set("a", "A");
    now = 400;
    expect(memory.get("a")).toEqual({ value: "A", left: 600 });
    memory.set("b", "B");
    memory.set("c", "C"); // past the bound of 2: "a" goes
    expect([memory.get("a"), memory.get("b")?.value, memory.get("c")?.value]).toEqual([null, "B", "C"]);
    now = 1_400;
    expect(memory.get("b")).toBeNull();
  });

  it("does not keep an answer asked for before a forget, and forgets only what it is told", () => {
    const memory = new ShortMemory<number>(1_000);
    memory.set("p1/u1", 1);
    memory.set("p2/u1", 2);
    const mark = memory.mark();
    memory.forget((key) => key.startsWith("p1/"));
    memory.storeSince(mark, "p1/u2", 3); // asked before the forget: not kept
    expect([memory.get("p1/u1"), memory.get("p1/u2"), memory.get("p2/u1")?.value]).toEqual([null, null, 2]);
    memory.storeSince(memory.mark(), "p2/u1", null); // a fresh answer of "none" drops the entry
    expect(memory.get("p2/u1")).toBeNull();
  });
});
