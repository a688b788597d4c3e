/** spec (canvas 9 "Keyboard"): the canvas actions bound to keys. */
export const CANVAS_ACTIONS = [
  "undo",
  "redo",
  "copy",
  "paste",
  "newNode",
  "runSelected",
  "pointerTool",
  "handTool",
  "delete",
  "toggleAgent",
  "findNode",
  "toggleMinimap",
  "fitView",
  "zoomToSelection",
  "group",
  "ungroup",
] as const;
export type CanvasAction = (typeof CANVAS_ACTIONS)[number];

export interface ShortcutBinding {
  action: CanvasAction;
  /** KeyboardEvent.key, lower case for letters ("z", "Enter", "Delete"). */
  key: string;
  /** Matched on the physical key instead (KeyboardEvent.code): Shift+1 is "!" on one layout, "+" on another. */
  code?: string;
  /** Needs Ctrl (Windows/Linux) or Cmd (Mac). */
  mod: boolean;
  /** Needs Shift (true) or must be without Shift (false). */
  shift: boolean;
  /** For menus and tooltips. */
  label: string;
}

/**
 * spec (canvas 9): Ctrl/Cmd+Z undo; Shift+Ctrl/Cmd+Z or Ctrl/Cmd+Y redo; Ctrl/Cmd+C copy; Ctrl/Cmd+V paste;
 * Ctrl/Cmd+N new node; Enter run selected; V pointer tool; H hand tool; Delete or Backspace delete.
 * Alt+1…Alt+4 (mode tabs) and Space-held hand tool belong to the project shell / pointer handling, not here.
 */
export const CANVAS_SHORTCUTS: readonly ShortcutBinding[] = [
  { action: "undo", key: "z", mod: true, shift: false, label: "Ctrl/Cmd+Z" },
  { action: "redo", key: "z", mod: true, shift: true, label: "Shift+Ctrl/Cmd+Z" },
  { action: "redo", key: "y", mod: true, shift: false, label: "Ctrl/Cmd+Y" },
  { action: "copy", key: "c", mod: true, shift: false, label: "Ctrl/Cmd+C" },
  { action: "paste", key: "v", mod: true, shift: false, label: "Ctrl/Cmd+V" },
  { action: "newNode", key: "n", mod: true, shift: false, label: "Ctrl/Cmd+N" },
  { action: "runSelected", key: "Enter", mod: false, shift: false, label: "Enter" },
  { action: "pointerTool", key: "v", mod: false, shift: false, label: "V" },
  { action: "handTool", key: "h", mod: false, shift: false, label: "H" },
  { action: "delete", key: "Delete", mod: false, shift: false, label: "Delete" },
  { action: "delete", key: "Backspace", mod: false, shift: false, label: "Backspace" },
  // Agent mode (spec shell 2 "Agent panel"): the panel opens or closes, like V and H pick tools.
  { action: "toggleAgent", key: "a", mod: false, shift: false, label: "A" },
  // Big graphs: find a node by its title, and the minimap.
  { action: "findNode", key: "f", mod: true, shift: false, label: "Ctrl/Cmd+F" },
  { action: "toggleMinimap", key: "m", mod: false, shift: false, label: "M" },
  // Fit view and Zoom to selection: the whole canvas, or the selection, in view (as in Figma).
  { action: "fitView", key: "", code: "Digit1", mod: false, shift: true, label: "Shift+1" },
  { action: "zoomToSelection", key: "", code: "Digit2", mod: false, shift: true, label: "Shift+2" },
  // Groups: the selection becomes a group; the groups it is in go.
  { action: "group", key: "g", mod: true, shift: false, label: "Ctrl/Cmd+G" },
  { action: "ungroup", key: "g", mod: true, shift: true, label: "Shift+Ctrl/Cmd+G" },
];

export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * The key a binding is matched on: a single letter is lower-cased (Shift+Z gives "Z"); a key that is not
 * a Latin letter but whose physical key is one (a Cyrillic or Greek layout: key "я", code "KeyZ") falls
 * back to that letter. Latin layouts always use the key, so AZERTY's W (code "KeyZ") is not undo.
 */
function normalizedKey(e: KeyLike): string {
  if (e.key.length === 1) {
    const lower = e.key.toLowerCase();
    if (/^[a-z]$/.test(lower)) return lower;
    const m = /^Key([A-Z])$/.exec(e.code);
    if (m?.[1] && /\p{L}/u.test(e.key)) return m[1].toLowerCase();
    return lower;
  }
  return e.key;
}

/**
 * The canvas action for a key press, or null. Ctrl and Cmd are interchangeable; any press with Alt is not
 * a canvas shortcut; modifiers must match exactly (Ctrl+Shift+C is not copy, Ctrl+H is not the hand tool,
 * Shift+Enter is not run). Call isTypingTarget(e.target) first: shortcuts are ignored while typing.
 */
export function shortcutFor(e: KeyLike): CanvasAction | null {
  if (e.altKey) return null;
  const mod = e.ctrlKey || e.metaKey;
  const key = normalizedKey(e);
  const hit = CANVAS_SHORTCUTS.find((b) => (b.code ? b.code === e.code : b.key === key) && b.mod === mod && b.shift === e.shiftKey);
  return hit?.action ?? null;
}

/** spec (canvas 5): shortcuts are ignored while typing in an input, textarea, select or editable element. */
export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean } | null | undefined): boolean {
  if (!el) return false;
  if (el.isContentEditable === true) return true;
  const tag = typeof el.tagName === "string" ? el.tagName.toUpperCase() : "";
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
}
