import { useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Boxes, Trash2 } from "lucide-react";
import type { SubgraphData } from "../../domain/canvas/subgraph";
import type { LibraryBlockSummary } from "../../domain/library/api";
import { findModel } from "../../domain/generation/catalogue";
import { messageFor } from "../api/errorMessages";
import { Button, ConfirmDialog, IconButton, Skeleton, toast } from "../ui";
import { InsertBlockDialog, type InsertState } from "./InsertBlockDialog";
import { deleteBlock, LIBRARY_KEY, listBlocks, prepareBlock } from "./libraryApi";

const savedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
const modelNames = (ids: readonly string[]) => ids.map((id) => findModel(id)?.name ?? id).join(", ");

/**
 * One's library of blocks (issue 34, 3): name, description, node count, models, saved date; delete (asked
 * first) and, for those who may edit this project, Insert, after the missing-model check. Shown on the Assets
 * screen and in the canvas's "From library…" dialog; `onInsert` puts the checked block on the canvas.
 */
export function LibraryBlocks({
  projectId,
  canInsert,
  onInsert,
}: {
  projectId: string;
  canInsert: boolean;
  onInsert(subgraph: SubgraphData): void;
}) {
  const queryClient = useQueryClient();
  const blocks = useQuery({ queryKey: LIBRARY_KEY, queryFn: listBlocks });
  const [deleting, setDeleting] = useState<LibraryBlockSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [inserting, setInserting] = useState<InsertState | null>(null);
  /** The block whose check is awaited: a closed dialog or another block makes an older answer moot. */
  const current = useRef<string | null>(null);

  const check = async (block: LibraryBlockSummary) => {
    current.current = block.id;
    setInserting({ status: "checking", block });
    try {
      const prepared = await prepareBlock(projectId, block.id);
      if (current.current === block.id) setInserting({ status: "ready", block, prepared });
    } catch (err) {
      if (current.current === block.id)
        setInserting({ status: "failed", block, error: messageFor(err, { fallback: "The block could not be checked. Try again." }) });
    }
  };
  const closeInsert = () => {
    current.current = null;
    setInserting(null);
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteBlock(deleting.id);
      toast.success(`Deleted "${deleting.name}" from your library`);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });
    } catch (err) {
      toast.error(messageFor(err, { fallback: "The block could not be deleted. Try again." }));
    } finally {
      setBusy(false);
    }
  };

  if (blocks.isPending)
    return (
      <div className="flex flex-col gap-2">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  if (blocks.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {messageFor(blocks.error, { fallback: "Your library could not be loaded. Try again." })}
      </p>
    );
  if (!blocks.data.length)
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center"
        data-testid="library-empty"
      >
        <Boxes className="size-8 text-text-muted" aria-hidden />
        <p className="text-lg font-medium text-text">No blocks in your library yet</p>
        <p className="max-w-md text-sm text-text-muted">
          On the Canvas, select nodes and choose Convert to subgraph, then open the subgraph's ⋯ menu and choose Save to library. Its blocks
          can then be inserted into any of your projects.
        </p>
      </div>
    );

  return (
    <>
      <ul className="flex flex-col gap-2" aria-label="Library blocks">
        {blocks.data.map((b) => (
          <li
            key={b.id}
            className="flex items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3"
            data-testid="library-block"
            data-block-name={b.name}
          >
            <Boxes className="mt-0.5 size-5 shrink-0 text-violet-300" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-text">{b.name}</p>
              {b.description && <p className="mt-0.5 line-clamp-2 text-sm text-text-muted">{b.description}</p>}
              <p className="mt-1 text-xs text-text-subtle">
                {b.nodeCount === 1 ? "1 node" : `${b.nodeCount} nodes`}
                {b.models.length ? ` · ${modelNames(b.models)}` : " · no models"} · saved {savedOn(b.createdAt)}
              </p>
            </div>
            {canInsert && (
              <Button size="sm" variant="secondary" onClick={() => void check(b)} data-testid="library-insert">
                Insert
              </Button>
            )}
            <IconButton label={`Delete ${b.name}`} size="sm" variant="ghost" onClick={() => setDeleting(b)}>
              <Trash2 />
            </IconButton>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete block?"
        message={deleting ? `"${deleting.name}" leaves your library. Projects it was inserted into keep their copy.` : ""}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void remove()}
      />
      <InsertBlockDialog
        state={inserting}
        onClose={closeInsert}
        onInsert={(subgraph) => {
          closeInsert();
          onInsert(subgraph);
        }}
      />
    </>
  );
}
