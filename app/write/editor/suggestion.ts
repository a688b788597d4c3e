import type { ScreenplayElement } from "../../../domain/screenplay/elements";
import { characterSuggestions, sceneHeadingSuggestion } from "../../../domain/screenplay/flow";
import type { Elements } from "./editorState";
import type { Ghost } from "./ElementRow";

/** What completes the focused element: a scene heading (spec 4) or a character already in the script. */
export function suggestionFor(el: ScreenplayElement | undefined, elements: Elements): { text: string; value: string; ghost: Ghost } | null {
  if (!el || el.content.trim() === "") return null;
  if (el.type === "slug") {
    const s = sceneHeadingSuggestion(el.content);
    if (!s) return null;
    const inline = s.text.toUpperCase().startsWith(el.content.toUpperCase());
    return {
      text: s.text,
      value: s.value,
      ghost: inline ? { kind: "inline", text: s.text.slice(el.content.length) } : { kind: "hint", text: s.value },
    };
  }
  if (el.type === "character") {
    const name = characterSuggestions(elements, el.content, { excludeId: el.id, limit: 1 })[0];
    if (!name) return null;
    const typed = el.content.trimStart();
    return { text: name, value: name, ghost: { kind: "inline", text: name.slice(typed.length) } };
  }
  return null;
}
