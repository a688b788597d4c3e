import { lazy, Suspense, useState } from "react";
import type { Project } from "../../domain/projects";
import { canEdit } from "../../domain/permissions";
import { DEFAULT_SHOT_LIST_NAME } from "../../domain/shotlists/constants";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import type { ShotListSummary } from "../../domain/shotlists/schema";
import { useCreateShotList, useDeleteShotList, useShotLists } from "../api/shotLists";
import { useNow } from "../lib/useNow";
import { ConfirmDialog, Spinner, toast } from "../ui";
import { NewShotListDialog } from "./list/NewShotListDialog";
import { openedList, rememberOpenList } from "./openShotList";
import { ShotListSetup } from "./list/ShotListSetup";
import { ShotListsList } from "./list/ShotListsList";

// The editor (cards, drag and drop, dialogs) loads when a list opens.
const ShotListEditor = lazy(() => import("./editor/ShotListEditor").then((m) => ({ default: m.ShotListEditor })));

type View = { kind: "list" } | { kind: "setup"; name: string } | { kind: "editor"; id: string };

function openedBefore(projectId: string): View {
  const id = openedList(projectId);
  return id ? { kind: "editor", id } : { kind: "list" };
}

/** The Shot Lists tab (spec: shell 2, 4 "Shot list load"): the list, the setup screen, the editor. */
export function ShotListsScreen({ project }: { project: Project }) {
  const lists = useShotLists(project.id);
  const create = useCreateShotList(project.id);
  const remove = useDeleteShotList(project.id);
  const now = useNow(10_000);
  const editable = canEdit(project.permission);
  const [view, setViewState] = useState<View>(() => openedBefore(project.id));
  const setView = (next: View) => {
    rememberOpenList(project.id, next.kind === "editor" ? next.id : null);
    setViewState(next);
  };
  const [naming, setNaming] = useState(false);
  const [deleting, setDeleting] = useState<ShotListSummary | null>(null);
  const suggested = lists.data?.length ? `Shot list ${lists.data.length + 1}` : DEFAULT_SHOT_LIST_NAME;

  if (view.kind === "setup") {
    return (
      <ShotListSetup
        initialName={view.name}
        busy={create.isPending}
        error={create.isError ? SHOT_LIST_MESSAGES.createFailed : null}
        onCancel={() => {
          create.reset();
          setView({ kind: "list" });
        }}
        onCreate={(input) =>
          create.mutate(input, {
            onSuccess: (list) => {
              create.reset();
              setView({ kind: "editor", id: list.id });
            },
          })
        }
      />
    );
  }
  if (view.kind === "editor") {
    return (
      <Suspense
        fallback={
          <div className="flex h-full items-center justify-center gap-3 text-text-muted">
            <Spinner /> Loading shot list...
          </div>
        }
      >
        <ShotListEditor listId={view.id} onBack={() => setView({ kind: "list" })} />
      </Suspense>
    );
  }
  return (
    <>
      <ShotListsList
        lists={lists}
        now={now}
        editable={editable}
        onNew={() => setNaming(true)}
        onOpen={(id) => setView({ kind: "editor", id })}
        onDelete={setDeleting}
      />
      <NewShotListDialog
        open={naming}
        suggestedName={suggested}
        onOpenChange={setNaming}
        onContinue={(name) => {
          setNaming(false);
          setView({ kind: "setup", name });
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Shot List"
        message={SHOT_LIST_MESSAGES.deleteListMessage(deleting?.name || "Untitled Shot List")}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: () => toast.error(SHOT_LIST_MESSAGES.deleteFailed),
          })
        }
      />
    </>
  );
}
