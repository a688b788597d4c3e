import { useRef, useState } from "react";
import { MESSAGES } from "../../domain/errors";
import type { Project } from "../../domain/projects";
import { canEdit } from "../../domain/permissions";
import { useUpdateProject } from "../api/projects";
import { Spinner, toast } from "../ui";
import { reportSaveStatus } from "./saveStatus";

/**
 * Click to edit, Enter or blur commits, Escape cancels; empty or unchanged names are ignored; a server
 * message containing 'already exists' is shown as is (spec: shell 2 "Project top bar", 5 "Rename").
 */
export function ProjectNameEditor({ project }: { project: Project }) {
  const update = useUpdateProject(project.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(project.name);
  const cancelled = useRef(false);
  const editable = canEdit(project.permission);

  const start = () => {
    if (!editable) return;
    cancelled.current = false;
    setDraft(project.name);
    setEditing(true);
  };

  const commit = () => {
    setEditing(false);
    if (cancelled.current) return;
    const name = draft.trim();
    if (!name || name === project.name) return;
    reportSaveStatus("saving");
    update.mutate(
      { name },
      {
        onSuccess: () => reportSaveStatus("saved"),
        onError: (err) => {
          reportSaveStatus("failed");
          toast.error(err.message.includes("already exists") ? err.message : MESSAGES.projectRenameFailed);
        },
      },
    );
  };

  if (editing) {
    return (
      <input
        aria-label="Project name"
        className="h-8 w-64 rounded-md border border-accent/60 bg-surface-2 px-2 text-sm font-medium text-text outline-none"
        value={draft}
        maxLength={120}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.currentTarget.blur();
          if (e.key === "Escape") {
            cancelled.current = true;
            e.currentTarget.blur();
          }
        }}
      />
    );
  }

  const shown = update.isPending ? (update.variables?.name ?? project.name) : project.name;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <button
        type="button"
        onClick={start}
        disabled={!editable}
        title={editable ? "Click to rename" : undefined}
        className="max-w-72 truncate rounded-md px-2 py-1 text-sm font-medium text-text hover:bg-surface-2 disabled:hover:bg-transparent"
        data-testid="project-name"
      >
        {shown || "Untitled Project"}
      </button>
      {update.isPending && <Spinner size={14} />}
    </span>
  );
}
