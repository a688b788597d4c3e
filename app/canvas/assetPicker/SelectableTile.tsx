import type { ReactNode } from "react";
import { Check } from "lucide-react";
import { cn } from "../../ui";

/**
 * One cell of an assets grid: the preview is a toggle button (click, Enter or Space selects or
 * unselects; several may be chosen), with room under it for a caption and over it for actions.
 */
export function SelectableTile({
  label,
  selected,
  onToggle,
  preview,
  caption,
  actions,
  testId,
}: {
  label: string;
  selected: boolean;
  onToggle: () => void;
  preview: ReactNode;
  caption: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <li
      data-testid={testId}
      data-selected={selected || undefined}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-lg border bg-surface-2 transition-colors",
        selected ? "border-accent ring-2 ring-accent/40" : "border-border hover:border-border-strong",
      )}
    >
      <button
        type="button"
        aria-pressed={selected}
        aria-label={label}
        onClick={onToggle}
        className="relative block aspect-[4/3] w-full overflow-hidden bg-surface-3 focus-visible:outline-offset-[-2px]"
      >
        {preview}
        {selected && (
          <span
            className="absolute left-2 top-2 flex size-5 items-center justify-center rounded-full bg-accent text-accent-fg shadow"
            aria-hidden
          >
            <Check className="size-3.5" strokeWidth={3} />
          </span>
        )}
      </button>
      <div className="min-w-0 px-2.5 py-2 text-xs">{caption}</div>
      {actions && (
        // Shown on hover and on keyboard focus inside the tile (spec: delete button on hover).
        <div className="absolute right-1.5 top-1.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
          {actions}
        </div>
      )}
    </li>
  );
}
