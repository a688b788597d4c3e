import { describe, expect, it } from "vitest";
import { contextChipTitle } from "./messages";

describe("contextChipTitle", () => {
  it("names the node by its title, not its prompt", () => {
    expect(contextChipTitle({ title: "Shot 2", prompt: "MAYA runs through the rain" })).toBe("Shot 2");
  });
  it("falls back to the text or prompt for an untitled node, cut to 20 characters", () => {
    expect(contextChipTitle({ title: "Untitled", prompt: "a harbour at dawn in thick fog" })).toBe("a harbour at dawn in…");
    expect(contextChipTitle({})).toBe("Untitled");
  });
});
