import { memo } from "react";
import { FileText, NotebookPen, Pencil, Trash2 } from "lucide-react";
import { fitPreview } from "../../../domain/screenplay/preview";
import { formatWriteEdited } from "../../../domain/relativeTime";
import type { ScriptSummary } from "../../../domain/scripts";
import { IconButton, cn } from "../../ui";
import { ScriptPeers } from "../../presence/ScriptPeers";

const INDENT: Record<string, string> = {
  slug: "font-bold uppercase",
  action: "",
  character: "pl-[38%] uppercase",
  parenthetical: "pl-[28%]",
  dialogue: "pl-[18%] pr-[14%]",
  transition: "text-right uppercase",
  shot: "font-bold uppercase",
};

/** A script card: a small page-like preview, name, 'Last edited', delete (spec: shell 2 "Scripts list"). */
export const ScriptCard = memo(function ScriptCard({
  script,
  now,
  canEdit,
  onOpen,
  onDelete,
  onRename,
}: {
  script: ScriptSummary;
  now: number;
  canEdit: boolean;
  onOpen(id: string): void;
  onDelete(s: ScriptSummary): void;
  onRename(s: ScriptSummary): void;
}) {
  const name = script.name || "Untitled Script";
  const preview = fitPreview(script.preview);
  const Icon = script.fileType === "screenplay" ? FileText : NotebookPen;
  return (
    <article
      className="group relative overflow-hidden rounded-xl border border-border bg-surface transition hover:border-text-muted/40"
      data-testid="script-card"
    >
      <button type="button" onClick={() => onOpen(script.id)} className="flex w-full flex-col text-left" aria-label={`Open ${name}`}>
        <div className="h-[200px] overflow-hidden bg-surface-2 px-4 py-3 font-screenplay text-[9px] leading-[1.25] text-text-muted">
          {preview.length === 0 ? (
            <p className="flex h-full items-center justify-center text-xs">Empty script</p>
          ) : (
            preview.map((el, i) => (
              <p key={i} className={cn("mb-1 whitespace-pre-wrap break-words", INDENT[el.type])}>
                {el.content}
              </p>
            ))
          )}
        </div>
        <div className="flex items-center gap-2 px-4 py-3">
          <Icon className="size-4 shrink-0 text-text-muted" aria-hidden />
          <div className="min-w-0">
            <h3 className="truncate pr-16 font-medium text-text">{name}</h3>
            <p className="text-xs text-text-muted">Last edited: {formatWriteEdited(script.lastEditedAt, now)}</p>
          </div>
        </div>
      </button>
      <ScriptPeers scriptId={script.id} className="absolute left-2 top-2 max-w-[calc(100%-1rem)]" />
      {canEdit && (
        <div className="absolute bottom-3 right-3 flex gap-1 opacity-60 group-hover:opacity-100 focus-within:opacity-100">
          <IconButton label={`Rename ${name}`} size="sm" onClick={() => onRename(script)}>
            <Pencil />
          </IconButton>
          <IconButton label={`Delete ${name}`} size="sm" onClick={() => onDelete(script)}>
            <Trash2 />
          </IconButton>
        </div>
      )}
    </article>
  );
});
