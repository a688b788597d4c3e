import { useRef, useState, type KeyboardEvent } from "react";
import { cn } from "../../ui";

export interface InlineTextProps {
  value: string;
  /** Accessible name, e.g. "Scene title" or "Shot 3 description". */
  label: string;
  onCommit(value: string): void;
  multiline?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  className?: string;
  /** Shown (dimmed) when the value is empty. */
  placeholder?: string;
}

/**
 * In-place editing (spec: shell 4 "In-place editing"): click (or Enter/Space) to edit; Enter or leaving the
 * field commits; Escape cancels. In a multi-line field Shift+Enter makes a new line. The value is shown as
 * text, never as HTML.
 */
export function InlineText({
  value,
  label,
  onCommit,
  multiline = false,
  readOnly = false,
  maxLength = 500,
  className,
  placeholder = "Empty",
}: InlineTextProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // True while an edit is open; Enter, Escape and blur can all end one, only the first of them counts.
  const editing = useRef(false);
  const display = useRef<HTMLButtonElement>(null);

  const start = () => {
    if (readOnly) return;
    editing.current = true;
    setDraft(value);
  };
  const finish = (commit: boolean) => {
    if (!editing.current || draft === null) return;
    editing.current = false;
    if (commit && draft !== value) onCommit(draft);
    setDraft(null);
    // Back to the text, so keyboard users stay where they were.
    requestAnimationFrame(() => display.current?.focus({ preventScroll: true }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    e.stopPropagation(); // the card's Alt+Arrow moves must not fire while typing
    if (e.key === "Escape") {
      e.preventDefault();
      finish(false);
    } else if (e.key === "Enter" && !(multiline && e.shiftKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      finish(true);
    }
  };

  const shared = "w-full rounded-md px-2 py-1 text-left text-sm leading-snug";
  if (draft !== null) {
    const props = {
      "aria-label": label,
      value: draft,
      maxLength,
      autoFocus: true,
      onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
      onKeyDown,
      onBlur: () => finish(true),
      onFocus: (e: { target: HTMLInputElement | HTMLTextAreaElement }) => e.target.select(),
      className: cn(shared, "border border-focus bg-surface text-text outline-none", className),
    };
    return multiline ? <textarea rows={3} {...props} className={cn(props.className, "resize-y")} /> : <input type="text" {...props} />;
  }
  return (
    <button
      ref={display}
      type="button"
      aria-label={`${label}: ${value || placeholder}${readOnly ? "" : " (click to edit)"}`}
      data-inline-field={label}
      disabled={readOnly}
      onClick={start}
      className={cn(
        shared,
        "block min-h-7 whitespace-pre-wrap break-words border border-transparent text-text transition-colors",
        !readOnly && "cursor-text hover:border-border hover:bg-surface-2",
        readOnly && "cursor-default disabled:opacity-100",
        !value && "text-text-subtle",
        className,
      )}
    >
      {value || placeholder}
    </button>
  );
}
