import { Clapperboard, Plus } from "lucide-react";
import type { ShotListSummary } from "../../../domain/shotlists/schema";
import { Button, Skeleton } from "../../ui";
import { ShotListCard } from "./ShotListCard";

/** spec (shell 2 "Shot lists list"): header, New Shot List, empty state, cards. */
export function ShotListsList({
  lists,
  now,
  editable,
  onNew,
  onOpen,
  onDelete,
}: {
  lists: { isPending: boolean; isError: boolean; error: Error | null; data: ShotListSummary[] | undefined };
  now: number;
  editable: boolean;
  onNew(): void;
  onOpen(id: string): void;
  onDelete(list: ShotListSummary): void;
}) {
  return (
    <section className="mx-auto flex h-full max-w-6xl flex-col gap-6 overflow-y-auto px-8 py-8" data-testid="shotLists-mode">
      <header className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold text-text">Shot Lists</h1>
        {editable && (
          <Button variant="primary" className="ml-auto" onClick={onNew}>
            <Plus className="size-4" /> New Shot List
          </Button>
        )}
      </header>
      {lists.isPending ? (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-[240px]" />
          ))}
        </div>
      ) : lists.isError ? (
        <p role="alert" className="text-danger">
          {lists.error?.message}
        </p>
      ) : !lists.data?.length ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <Clapperboard className="size-8 text-text-muted" aria-hidden />
          <p className="text-lg font-medium text-text">No shot lists yet</p>
          <p className="text-sm text-text-muted">Create your first shot list to plan your shots</p>
          {editable && (
            <Button variant="primary" onClick={onNew}>
              New Shot List
            </Button>
          )}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-3" role="list" aria-label="Shot lists">
          {lists.data.map((l) => (
            <div role="listitem" key={l.id}>
              <ShotListCard list={l} now={now} canEdit={editable} onOpen={onOpen} onDelete={onDelete} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
