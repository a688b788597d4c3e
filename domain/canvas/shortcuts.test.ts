import { describe, expect, it } from "vitest";
import { CANVAS_ACTIONS, CANVAS_SHORTCUTS, type KeyLike, isTypingTarget, shortcutFor } from "./shortcuts";

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const ctrl = { ctrlKey: true };
const cmd = { metaKey: true };

describe("canvas shortcuts (spec 9 'Keyboard')", () => {
  it("Ctrl/Cmd+Z is undo", () => {
    expect(shortcutFor(press("z", ctrl))).toBe("undo");
    expect(shortcutFor(press("z", cmd))).toBe("undo");
  });
  it("Shift+Ctrl/Cmd+Z is redo", () => {
    expect(shortcutFor(press("Z", { ...ctrl, shiftKey: true }))).toBe("redo");
    expect(shortcutFor(press("z", { ...cmd, shiftKey: true }))).toBe("redo");
  });
  it("Ctrl/Cmd+Y is redo", () => {
    expect(shortcutFor(press("y", ctrl))).toBe("redo");
    expect(shortcutFor(press("y", cmd))).toBe("redo");
  });
  it("Ctrl/Cmd+C is copy and Ctrl/Cmd+V is paste", () => {
    expect(shortcutFor(press("c", ctrl))).toBe("copy");
    expect(shortcutFor(press("c", cmd))).toBe("copy");
    expect(shortcutFor(press("v", ctrl))).toBe("paste");
    expect(shortcutFor(press("v", cmd))).toBe("paste");
  });
  it("Ctrl/Cmd+N is new node", () => {
    expect(shortcutFor(press("n", ctrl))).toBe("newNode");
    expect(shortcutFor(press("n", cmd))).toBe("newNode");
  });
  it("Enter runs the selected node", () => expect(shortcutFor(press("Enter"))).toBe("runSelected"));
  it("V is the pointer tool and H the hand tool", () => {
    expect(shortcutFor(press("v"))).toBe("pointerTool");
    expect(shortcutFor(press("V"))).toBe("pointerTool");
    expect(shortcutFor(press("h"))).toBe("handTool");
  });
  it("Delete or Backspace deletes", () => {
    expect(shortcutFor(press("Delete"))).toBe("delete");
    expect(shortcutFor(press("Backspace"))).toBe("delete");
  });
  it("modifiers must match exactly", () => {
    expect(shortcutFor(press("c", { ...ctrl, shiftKey: true }))).toBeNull();
    expect(shortcutFor(press("y", { ...ctrl, shiftKey: true }))).toBeNull();
    expect(shortcutFor(press("h", ctrl))).toBeNull();
    expect(shortcutFor(press("Enter", { shiftKey: true }))).toBeNull();
    expect(shortcutFor(press("Enter", ctrl))).toBeNull();
    expect(shortcutFor(press("Backspace", cmd))).toBeNull();
    expect(shortcutFor(press("z"))).toBeNull();
  });
  it("any press with Alt is not a canvas shortcut (Alt+1…4 are the mode tabs)", () => {
    expect(shortcutFor(press("z", { ...ctrl, altKey: true }))).toBeNull();
    expect(shortcutFor(press("1", { altKey: true }))).toBeNull();
    expect(shortcutFor(press("v", { altKey: true }))).toBeNull();
  });
  it("unbound keys give null", () => {
    expect(shortcutFor(press("x"))).toBeNull();
    expect(shortcutFor(press("Escape"))).toBeNull();
    expect(shortcutFor(press(" "))).toBeNull();
  });
  it("works on a Cyrillic layout by the physical key", () => {
    expect(shortcutFor({ ...press("я", ctrl), code: "KeyZ" })).toBe("undo");
    expect(shortcutFor({ ...press("м"), code: "KeyV" })).toBe("pointerTool");
  });
  it("follows the printed letter on Latin layouts (AZERTY W sits on KeyZ)", () => {
    expect(shortcutFor({ ...press("w", ctrl), code: "KeyZ" })).toBeNull();
    expect(shortcutFor({ ...press("z", ctrl), code: "KeyW" })).toBe("undo");
  });
  it("binds every action at least once", () => {
    for (const action of CANVAS_ACTIONS) expect(CANVAS_SHORTCUTS.some((b) => b.action === action)).toBe(true);
  });
});

describe("isTypingTarget: shortcuts are ignored while typing", () => {
  it.each(["INPUT", "TEXTAREA", "SELECT", "input", "textarea"])("%s is a typing target", (tagName) => {
    expect(isTypingTarget({ tagName })).toBe(true);
  });
  it("an editable element is a typing target", () => {
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
  });
  it.each([{ tagName: "DIV" }, { tagName: "BUTTON" }, { tagName: "DIV", isContentEditable: false }, {}])("%j is not", (el) => {
    expect(isTypingTarget(el)).toBe(false);
  });
  it("no element is not a typing target", () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(undefined)).toBe(false);
  });
});

describe("Fit view and Zoom to selection", () => {
  const press = (key: string, code: string, shiftKey = true) =>
    shortcutFor({ key, code, shiftKey, ctrlKey: false, metaKey: false, altKey: false });
  it("Shift+1 fits the view and Shift+2 zooms to the selection, on any layout", () => {
    expect(press("!", "Digit1")).toBe("fitView");
    expect(press("+", "Digit1")).toBe("fitView"); // Swiss German
    expect(press("@", "Digit2")).toBe("zoomToSelection");
    expect(press('"', "Digit2")).toBe("zoomToSelection"); // UK
  });
  it("1 and 2 without Shift do nothing", () => {
    expect(press("1", "Digit1", false)).toBeNull();
    expect(press("2", "Digit2", false)).toBeNull();
  });
});
