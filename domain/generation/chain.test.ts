import { describe, expect, it } from "vitest";
import { downstreamOrder } from "./chain";

const e = (source: string, target: string) => ({ source, target });

describe("downstreamOrder", () => {
  it("runs a chain in order and ignores nodes upstream or beside it", () => {
    expect(downstreamOrder("b", [e("a", "b"), e("b", "c"), e("c", "d"), e("x", "y")])).toEqual(["b", "c", "d"]);
  });
  it("runs a node only after all its upstream nodes in the chain (diamond)", () => {
    const order = downstreamOrder("a", [e("a", "c"), e("a", "b"), e("b", "d"), e("c", "d")]);
    expect(order[0]).toBe("a");
    expect(order.at(-1)).toBe("d");
    expect(order).toHaveLength(4);
  });
  it("a node outside the chain feeding one inside does not block it", () => {
    expect(downstreamOrder("a", [e("a", "c"), e("z", "c")])).toEqual(["a", "c"]);
  });
  it("leaves out a cycle that cannot be ordered, and a lone node is just itself", () => {
    expect(downstreamOrder("a", [e("a", "b"), e("b", "c"), e("c", "b")])).toEqual(["a"]);
    expect(downstreamOrder("solo", [])).toEqual(["solo"]);
  });
});
