import { useCallback, useState } from "react";
import { FileText, Plus, Upload } from "lucide-react";
import type { ScriptSummary } from "../../../domain/scripts";
import type { Project } from "../../../domain/projects";
import { canEdit } from "../../../domain/permissions";
import { useCreateScript, useDeleteScript, useImportScript, useRenameScript, useScripts } from "../../api/scripts";
import { useNow } from "../../lib/useNow";
import { Button, ConfirmDialog, Skeleton, toast } from "../../ui";
import { ScriptCard } from "./ScriptCard";
import { CreateScriptDialog, deleteScriptMessage, RenameScriptDialog, SCRIPT_MESSAGES, UploadScriptDialog } from "./ScriptDialogs";

/** The Scripts list (spec: shell 2 "Write mode"): cards, New Script, Upload, delete with confirmation. */
export function ScriptsList({ project, onOpen }: { project: Project; onOpen(id: string): void }) {
  const scripts = useScripts(project.id);
  const create = useCreateScript(project.id);
  const remove = useDeleteScript(project.id);
  const upload = useImportScript(project.id);
  const rename = useRenameScript(project.id);
  const [renaming, setRenaming] = useState<ScriptSummary | null>(null);
  const now = useNow(10_000);
  const editable = canEdit(project.permission);
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<ScriptSummary | null>(null);
  const open = useCallback((id: string) => onOpen(id), [onOpen]);

  return (
    <section className="mx-auto flex h-full max-w-6xl flex-col gap-6 overflow-y-auto px-8 py-8" data-testid="scripts-mode">
      <header className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold text-text">Scripts</h1>
        {editable && (
          <div className="ml-auto flex gap-2">
            <Button onClick={() => setUploading(true)}>
              <Upload className="size-4" /> Upload
            </Button>
            <Button variant="primary" onClick={() => setCreating(true)}>
              <Plus className="size-4" /> New Script
            </Button>
          </div>
        )}
      </header>
      {scripts.isPending ? (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-[260px]" />
          ))}
        </div>
      ) : scripts.isError ? (
        <p role="alert" className="text-danger">
          {scripts.error.message}
        </p>
      ) : scripts.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <FileText className="size-8 text-text-muted" aria-hidden />
          <p className="text-lg font-medium text-text">No scripts yet</p>
          <p className="text-sm text-text-muted">Create your first script to get started</p>
          {editable && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              Create Script
            </Button>
          )}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-3" role="list" aria-label="Scripts">
          {scripts.data.map((s) => (
            <div role="listitem" key={s.id}>
              <ScriptCard script={s} now={now} canEdit={editable} onOpen={open} onDelete={setDeleting} onRename={setRenaming} />
            </div>
          ))}
        </div>
      )}
      <CreateScriptDialog
        open={creating}
        onOpenChange={setCreating}
        busy={create.isPending}
        onCreate={(name) =>
          create.mutate(
            { name },
            {
              onSuccess: (s) => {
                setCreating(false);
                onOpen(s.id);
              },
              onError: () => toast.error(SCRIPT_MESSAGES.createFailed),
            },
          )
        }
      />
      <UploadScriptDialog
        open={uploading}
        onOpenChange={(o) => {
          setUploading(o);
          if (!o) upload.reset();
        }}
        busy={upload.isPending}
        error={upload.error ? upload.error.message || SCRIPT_MESSAGES.uploadFailed : null}
        onUpload={(file, name) =>
          upload.mutate(
            { file, name },
            {
              onSuccess: (s) => {
                setUploading(false);
                toast.success(`Imported "${s.name}"`);
                onOpen(s.id);
              },
            },
          )
        }
      />
      <RenameScriptDialog
        script={renaming}
        onOpenChange={(o) => !o && setRenaming(null)}
        busy={rename.isPending}
        onRename={(name) =>
          renaming &&
          rename.mutate(
            { id: renaming.id, name },
            {
              onSuccess: () => setRenaming(null),
              onError: (err) => toast.error(err.message || "Could not rename the script. Please try again."),
            },
          )
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Script"
        message={deleteScriptMessage(deleting?.name || "Untitled Script")}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: () => toast.error(SCRIPT_MESSAGES.deleteFailed("script")),
          })
        }
      />
    </section>
  );
}
