import { describe, expect, it } from "vitest";
import { modeForShortcut } from "./modes";

const key = (code: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = { altKey: true }) => ({
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
  code,
});

describe("Alt+1..4 switch modes", () => {
  it("maps Alt+1..4 to Scripts, Shot Lists, Assets, Canvas", () => {
    expect(["Digit1", "Digit2", "Digit3", "Digit4"].map((c) => modeForShortcut(key(c)))).toEqual([
      "scripts",
      "shotLists",
      "assets",
      "canvas",
    ]);
  });
  it("ignores other digits and other modifiers", () => {
    expect(modeForShortcut(key("Digit5"))).toBeNull();
    expect(modeForShortcut(key("Digit1", {}))).toBeNull();
    expect(modeForShortcut(key("Digit1", { altKey: true, ctrlKey: true }))).toBeNull();
  });
});
