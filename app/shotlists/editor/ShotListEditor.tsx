import { ArrowLeft } from "lucide-react";
import { SHOT_LIST_MESSAGES } from "../../../domain/shotlists/messages";
import { canEdit } from "../../../domain/permissions";
import { useShotList } from "../../api/shotLists";
import { Button, Spinner } from "../../ui";
import { ShotListWorkspace } from "./ShotListWorkspace";

/** spec (shell 2 "Shot list screens"): 'Loading shot list...', the error screen, then the editor. */
export function ShotListEditor({ listId, onBack }: { listId: string; onBack(): void }) {
  const list = useShotList(listId);
  if (list.isPending) {
    return (
      <div className="flex h-full items-center justify-center gap-3 text-text-muted" role="status">
        <Spinner /> Loading shot list...
      </div>
    );
  }
  if (list.isError) {
    const message =
      list.error.message === SHOT_LIST_MESSAGES.notFound
        ? SHOT_LIST_MESSAGES.notFound
        : list.error.message || SHOT_LIST_MESSAGES.loadFailed;
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-center" role="alert">
        <h2 className="text-lg font-semibold text-text">Error Loading Shot List</h2>
        <p className="text-sm text-text-muted">{message}</p>
        <Button onClick={onBack}>
          <ArrowLeft /> Back to Shot Lists
        </Button>
      </div>
    );
  }
  return <ShotListWorkspace key={list.data.id} list={list.data} readOnly={!canEdit(list.data.permission)} onBack={onBack} />;
}
