/**
 * Is the caret on the first / last visual line of a textarea? (ArrowUp / ArrowDown leave the element there.)
 * Measured with an off-screen copy of the textarea's text and box; hard line breaks are checked in the text
 * too, so it also holds where there is no layout (jsdom).
 */
const COPIED = [
  "boxSizing",
  "width",
  "paddingLeft",
  "paddingRight",
  "borderLeftWidth",
  "borderRightWidth",
  "fontFamily",
  "fontSize",
  "fontWeight",
  "fontStyle",
  "letterSpacing",
  "lineHeight",
  "textTransform",
  "wordSpacing",
  "tabSize",
] as const;

let mirror: HTMLDivElement | null = null;

function caretTop(ta: HTMLTextAreaElement, pos: number): number {
  if (!mirror) {
    mirror = document.createElement("div");
    mirror.setAttribute("aria-hidden", "true");
    Object.assign(mirror.style, {
      position: "absolute",
      visibility: "hidden",
      top: "0",
      left: "-9999px",
      whiteSpace: "pre-wrap",
      overflowWrap: "break-word",
    });
  }
  const style = getComputedStyle(ta);
  for (const key of COPIED) mirror.style[key] = style[key];
  mirror.textContent = ta.value.slice(0, pos);
  const marker = document.createElement("span");
  // The rest of the word the caret is in, so the marker wraps the way the text does.
  marker.textContent = ta.value.slice(pos).split(/\s/)[0] || "\u200b";
  mirror.appendChild(marker);
  document.body.appendChild(mirror);
  const top = marker.offsetTop;
  mirror.remove();
  return top;
}

const collapsed = (ta: HTMLTextAreaElement) => ta.selectionStart === ta.selectionEnd;

export function caretOnFirstLine(ta: HTMLTextAreaElement): boolean {
  if (!collapsed(ta)) return false;
  const pos = ta.selectionStart;
  if (pos === 0) return true;
  if (ta.value.slice(0, pos).includes("\n")) return false;
  return caretTop(ta, pos) <= caretTop(ta, 0);
}

export function caretOnLastLine(ta: HTMLTextAreaElement): boolean {
  if (!collapsed(ta)) return false;
  const pos = ta.selectionStart;
  const len = ta.value.length;
  if (pos === len) return true;
  if (ta.value.slice(pos).includes("\n")) return false;
  return caretTop(ta, pos) >= caretTop(ta, len);
}
