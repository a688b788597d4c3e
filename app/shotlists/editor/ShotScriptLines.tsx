import { useState } from "react";
import { AlertTriangle, Check, ChevronRight, ScrollText } from "lucide-react";
import { describeChanges, type LineChange } from "../../../domain/breakdown/scriptLink";
import type { ShotScriptLink } from "../../../domain/shotlists/schema";
import { Button, cn } from "../../ui";

export interface ShotScriptLinesProps {
  link: ShotScriptLink;
  /** What changed in the script since the shot was broken down (only the changes not yet marked as seen). */
  changes: readonly LineChange[];
  readOnly: boolean;
  onAcknowledge(): void;
}

/**
 * The script lines a shot covers ("the shot card shows its lines"), folded by default; and
 * 'Script changed' with what changed when those lines were edited or removed since the breakdown.
 */
export function ShotScriptLines({ link, changes, readOnly, onAcknowledge }: ShotScriptLinesProps) {
  const [open, setOpen] = useState(false);
  const changedIds = new Set(changes.map((c) => c.id));
  return (
    <div className="flex flex-col gap-2 text-xs">
      {changes.length > 0 && (
        <div
          role="status"
          className="flex flex-col gap-1.5 rounded-lg border border-warning/50 bg-warning/10 p-2"
          data-testid="script-changed"
        >
          <p className="flex items-center gap-1.5 font-semibold text-warning">
            <AlertTriangle className="size-3.5" aria-hidden /> Script changed
            <span className="font-normal text-text-muted">· {describeChanges(changes)}</span>
          </p>
          <ul className="flex flex-col gap-1">
            {changes.map((c) => (
              <li key={c.id} className="flex flex-col gap-0.5">
                <span className="text-text-subtle line-through">{c.was}</span>
                <span className="text-text">{c.now ?? <em className="text-text-muted">(removed from the script)</em>}</span>
              </li>
            ))}
          </ul>
          {!readOnly && (
            <Button size="sm" variant="ghost" className="self-start" onClick={onAcknowledge}>
              <Check aria-hidden /> Mark as seen
            </Button>
          )}
        </div>
      )}
      <button
        type="button"
        className="flex items-center gap-1 self-start rounded-md px-1 py-0.5 text-text-muted hover:text-text focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronRight className={cn("size-3.5 transition-transform", open && "rotate-90")} aria-hidden />
        <ScrollText className="size-3.5" aria-hidden />
        {link.lines.length === 1 ? "1 script line" : `${link.lines.length} script lines`}
      </button>
      {open && (
        <ol
          className="flex flex-col gap-1 border-l-2 border-border pl-2 font-mono text-[11px] leading-snug text-text-muted"
          data-testid="shot-script-lines"
        >
          {link.lines.map((l) => (
            <li key={l.id} className={cn(changedIds.has(l.id) && "text-warning")}>
              {l.was}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
