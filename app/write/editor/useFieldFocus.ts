import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { caretOffset, type ElementStore, type Focus } from "./editorState";

export interface FieldFocus {
  /** Each row's textarea, by element id (rows register themselves). */
  fields: RefObject<Map<string, HTMLTextAreaElement>>;
  /** Where the caret goes once React has rendered the element it belongs to. */
  pendingFocus: RefObject<Focus | null>;
  /** Puts the caret in an element now, or after the next render when its row is not mounted yet. */
  focusField(focus: Focus, opts?: { scroll?: "center" }): void;
}

/** Caret placement across the rows; opens with the caret in the first element. */
export function useFieldFocus(store: ElementStore, readOnly: boolean): FieldFocus {
  const fields = useRef(new Map<string, HTMLTextAreaElement>());
  const pendingFocus = useRef<Focus | null>(null);

  const focusField = useCallback((focus: Focus, opts: { scroll?: "center" } = {}) => {
    const ta = fields.current.get(focus.id);
    if (!ta) {
      pendingFocus.current = focus;
      return;
    }
    if (opts.scroll) ta.scrollIntoView?.({ block: opts.scroll });
    ta.focus({ preventScroll: !!opts.scroll });
    const at = caretOffset(focus, ta.value.length);
    ta.setSelectionRange(at, at);
  }, []);

  useLayoutEffect(() => {
    const focus = pendingFocus.current;
    if (!focus || !fields.current.has(focus.id)) return;
    pendingFocus.current = null;
    focusField(focus);
  });

  // Open on the first element, ready to type.
  useEffect(() => {
    const first = store.get()[0];
    if (first) focusField({ id: first.id, caret: readOnly ? 0 : "end" });
  }, [store, focusField, readOnly]);

  return { fields, pendingFocus, focusField };
}
