/**
 * The screenplay editor's keys (spec 4): arrows between elements, Enter/Shift+Enter/Ctrl+Enter, Tab/Shift+Tab,
 * Ctrl+1..7, Escape on a completion, Backspace/Delete merges, Ctrl+C copying the whole script, multi-line
 * paste, and the per-element line-break rule on input. The handlers read the store, so they always see the
 * current elements; rows reach them through the editor's stable RowActions.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import type { ElementType } from "../../../domain/screenplay/elements";
import {
  cutToInsertion,
  enterOutcome,
  isDoublePress,
  typeAfterShiftTab,
  typeAfterTab,
  typeForShortcut,
  type KeyPress,
} from "../../../domain/screenplay/flow";
import { classifyPastedLines } from "../../../domain/screenplay/paste";
import { toast } from "../../ui";
import { caretOnFirstLine, caretOnLastLine } from "./caret";
import {
  indexOfId,
  insertAfter,
  insertBlankBefore,
  isBareParens,
  mergeNext,
  mergeWithPrevious,
  removeBlankLineBefore,
  pasteElements,
  removeElement,
  retypeElement,
  scriptToText,
  splitAt,
  updateContent,
  type EditResult,
  type ElementStore,
  type Focus,
} from "./editorState";
import { EDITOR_MESSAGES } from "./messages";
import { suggestionFor } from "./suggestion";

const NEWLINES_ALLOWED: ReadonlySet<ElementType> = new Set(["action", "dialogue"]);

const digitOf = (e: KeyboardEvent) => {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code) ?? /^(\d)$/.exec(e.key);
  return m ? Number(m[1]) : null;
};

/** A completion the writer dismissed with Escape: hidden until the element's text changes. */
export type Dismissed = { id: string; content: string } | null;

export interface EditorKeyboardOptions {
  store: ElementStore;
  readOnly: boolean;
  dismissed: Dismissed;
  setDismissed(dismissed: Dismissed): void;
  focusField(focus: Focus): void;
  apply(next: EditResult): void;
}

export interface EditorKeyboard {
  keyDown(id: string, e: KeyboardEvent<HTMLTextAreaElement>): void;
  paste(id: string, e: ClipboardEvent<HTMLTextAreaElement>): void;
  change(id: string, value: string): void;
}

/** The row handlers for keys, paste and input. New functions each render: the caller keeps them behind a ref. */
export function useEditorKeyboard({ store, readOnly, dismissed, setDismissed, focusField, apply }: EditorKeyboardOptions): EditorKeyboard {
  const lastEnter = useRef<KeyPress | null>(null);
  const lastTab = useRef<KeyPress | null>(null);

  const copyWholeScript = async (from: HTMLTextAreaElement) => {
    const text = scriptToText(store.get());
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const tmp = document.createElement("textarea");
      tmp.value = text;
      tmp.style.position = "fixed";
      tmp.style.opacity = "0";
      document.body.appendChild(tmp);
      tmp.select();
      document.execCommand?.("copy");
      tmp.remove();
      from.focus();
    }
    toast.success(EDITOR_MESSAGES.copied);
  };

  const keyDown = (id: string, e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    const ta = e.currentTarget;
    const list = store.get();
    const i = indexOfId(list, id);
    const el = list[i];
    if (!el) return;
    const prev = list[i - 1];
    const next = list[i + 1];
    const mod = e.ctrlKey || e.metaKey;
    const plain = !mod && !e.altKey && !e.shiftKey;
    const collapsed = ta.selectionStart === ta.selectionEnd;
    const now = Date.now();

    // Moving between elements (also when read-only).
    if (plain && e.key === "ArrowUp" && prev && caretOnFirstLine(ta)) {
      e.preventDefault();
      return focusField({ id: prev.id, caret: "end" });
    }
    if (plain && e.key === "ArrowDown" && next && caretOnLastLine(ta)) {
      e.preventDefault();
      return focusField({ id: next.id, caret: 0 });
    }
    if (plain && e.key === "ArrowLeft" && prev && collapsed && ta.selectionStart === 0) {
      e.preventDefault();
      return focusField({ id: prev.id, caret: "end" });
    }
    if (plain && e.key === "ArrowRight" && next && collapsed && ta.selectionStart === ta.value.length) {
      e.preventDefault();
      return focusField({ id: next.id, caret: 0 });
    }
    // spec 4: Ctrl+C copies the whole script (when nothing is selected).
    if (mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "c" && collapsed) {
      e.preventDefault();
      void copyWholeScript(ta);
      return;
    }
    if (readOnly) return;

    const suggestion = suggestionFor(el, list);
    const showing = suggestion && !(dismissed && dismissed.id === id && dismissed.content === el.content) ? suggestion : null;

    if (e.key === "Escape" && showing) {
      e.preventDefault();
      setDismissed({ id, content: el.content });
      return;
    }

    if (e.key === "Enter" && mod && !e.altKey) {
      e.preventDefault();
      return apply(insertAfter(list, id, cutToInsertion()));
    }

    if (e.key === "Enter" && !mod && !e.altKey) {
      if (e.shiftKey) {
        if (!NEWLINES_ALLOWED.has(el.type)) e.preventDefault(); // a line break inside action or dialogue only
        return;
      }
      e.preventDefault();
      const empty = el.content.trim() === "";
      const doublePress = isDoublePress(lastEnter.current, id, now);
      lastEnter.current = { elementId: id, at: now };
      const outcome = enterOutcome(el.type, { doublePress, empty });
      const nextEmpty = next !== undefined && next.content.trim() === "";
      if (outcome.kind === "none") {
        // spec 4: Enter on an empty element does nothing, but moves on to an empty next element.
        if (nextEmpty) focusField({ id: next.id, caret: 0 });
        return;
      }
      if (outcome.kind === "convert") return apply(retypeElement(list, id, outcome.type));
      if (el.type === "parenthetical" && isBareParens(el.content)) return apply(retypeElement(list, id, outcome.type));
      let { selectionStart: start, selectionEnd: end } = ta;
      // In "(whispering|)" Enter steps over the closing bracket instead of moving it.
      if (el.type === "parenthetical" && collapsed && el.content.slice(end).trim() === ")") start = end = el.content.length;
      if (nextEmpty && collapsed && end >= el.content.length) {
        // An empty element already follows: use it rather than stacking empty elements.
        const reuse = retypeElement(list, next.id, outcome.type);
        return apply({ elements: reuse.elements, focus: reuse.focus ?? { id: next.id, caret: 0 } });
      }
      if (collapsed && start === 0) return apply(insertBlankBefore(list, id)); // Enter at the start opens a line above
      return apply(splitAt(list, id, start, end, outcome.type));
    }

    if (e.key === "Tab" && !mod && !e.altKey) {
      e.preventDefault();
      if (!e.shiftKey && showing) {
        lastTab.current = null;
        return apply({ elements: updateContent(list, id, showing.text), focus: { id, caret: "end" } });
      }
      if (e.shiftKey) {
        lastTab.current = null;
        return apply(retypeElement(list, id, typeAfterShiftTab(el.type)));
      }
      const doublePress = isDoublePress(lastTab.current, id, now);
      lastTab.current = doublePress ? null : { elementId: id, at: now };
      return apply(retypeElement(list, id, typeAfterTab(el.type, { doublePress })));
    }

    if (mod && !e.altKey && !e.shiftKey) {
      const digit = digitOf(e);
      const type = digit === null ? null : typeForShortcut(digit);
      if (type) {
        e.preventDefault();
        return apply(retypeElement(list, id, type));
      }
    }

    if (e.key === "Backspace" && !mod && !e.altKey && el.type === "parenthetical" && isBareParens(el.content)) {
      e.preventDefault();
      return apply({ elements: updateContent(list, id, ""), focus: { id, caret: 0 } });
    }
    if (e.key === "Backspace" && !mod && !e.altKey && collapsed && ta.selectionStart === 0) {
      const unspaced = removeBlankLineBefore(list, id);
      if (unspaced) {
        e.preventDefault();
        return apply(unspaced);
      }
      if (el.content === "") {
        const result = removeElement(list, id);
        if (result) {
          e.preventDefault();
          apply(result);
        }
        return;
      }
      const merged = mergeWithPrevious(list, id);
      if (merged) {
        e.preventDefault();
        apply(merged);
      }
      return;
    }

    if (e.key === "Delete" && !mod && !e.altKey && collapsed && ta.selectionStart === ta.value.length) {
      const merged = mergeNext(list, id);
      if (merged) {
        e.preventDefault();
        apply(merged);
      }
    }
  };

  const paste = (id: string, e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (readOnly) return;
    const text = e.clipboardData.getData("text/plain");
    if (!/[\r\n]/.test(text)) return; // one line: the browser inserts it
    e.preventDefault();
    const ta = e.currentTarget;
    const { selectionStart: start, selectionEnd: end } = ta;
    const list = store.get();
    const el = list[indexOfId(list, id)];
    if (!el) return;
    const pasted = classifyPastedLines(text);
    if (pasted.length === 0) return;
    if (pasted.length === 1) {
      // A single line (with a stray line break) goes into the element as plain text.
      const line = pasted[0]!.content;
      return apply({
        elements: updateContent(list, id, el.content.slice(0, start) + line + el.content.slice(end)),
        focus: { id, caret: start + line.length },
      });
    }
    apply(pasteElements(list, id, start, end, pasted));
  };

  const change = (id: string, value: string) => {
    const list = store.get();
    const el = list[indexOfId(list, id)];
    if (!el || readOnly) return;
    // Line breaks only inside action and dialogue (Enter makes new elements everywhere else).
    const content = NEWLINES_ALLOWED.has(el.type) ? value : value.replace(/[\r\n]+/g, " ");
    apply({ elements: updateContent(list, id, content) });
  };

  return { keyDown, paste, change };
}
