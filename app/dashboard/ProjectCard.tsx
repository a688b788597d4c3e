import { memo } from "react";
import { Eye, Pencil, Play, Trash2 } from "lucide-react";
import type { Project } from "../../domain/projects";
import { formatLastEdited } from "../../domain/relativeTime";
import { IconButton } from "../ui";

interface Props {
  project: Project;
  now: number;
  onOpen(id: string): void;
  onDelete(project: Project): void;
}

/**
 * A dashboard card: 16:9 preview, name, relative last-edited time, and delete for the owner; a project
 * shared with the user shows its owner's name and the user's permission instead.
 */
export const ProjectCard = memo(function ProjectCard({ project, now, onOpen, onDelete }: Props) {
  const name = project.name || "Untitled Project";
  const owned = project.permission === "owner";
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-surface transition hover:border-text-muted/40 hover:shadow-lg focus-within:border-accent/60"
      data-testid="project-card"
    >
      <button type="button" onClick={() => onOpen(project.id)} className="flex flex-col text-left outline-none" aria-label={`Open ${name}`}>
        <Preview project={project} />
        <div className="flex flex-col gap-1 px-4 py-3">
          <h3 className={owned ? "truncate pr-8 font-medium text-text" : "truncate font-medium text-text"} title={name}>
            {name}
          </h3>
          <p className="text-xs text-text-muted">{formatLastEdited(project.updatedAt, now)}</p>
          {!owned && (
            <div className="mt-1 flex items-center justify-between gap-2">
              <p className="min-w-0 truncate text-xs text-text-muted" data-testid="project-owner">
                Shared by {project.ownerName || "another user"}
              </p>
              <PermissionBadge permission={project.permission} />
            </div>
          )}
        </div>
      </button>
      {owned && (
        <div className="absolute bottom-3 right-3">
          <IconButton
            label={`Delete ${name}`}
            size="sm"
            variant="ghost"
            className="opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
            onClick={() => onDelete(project)}
          >
            <Trash2 className="size-4" />
          </IconButton>
        </div>
      )}
    </article>
  );
});

/** What the user may do in a shared project (spec: shell 6: anything but edit is view-only). */
function PermissionBadge({ permission }: { permission: Project["permission"] }) {
  const canEdit = permission === "edit";
  return (
    <span
      data-testid="permission-badge"
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-text-muted"
    >
      {canEdit ? <Pencil className="size-3" aria-hidden /> : <Eye className="size-3" aria-hidden />}
      {canEdit ? "Can edit" : "View only"}
    </span>
  );
}

function Preview({ project }: { project: Project }) {
  const preview = project.preview;
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-surface-2">
      {!preview ? (
        <div className="flex h-full items-center justify-center bg-[radial-gradient(circle_at_30%_30%,rgba(124,140,255,0.12),transparent_55%),radial-gradient(circle_at_70%_70%,rgba(245,165,36,0.10),transparent_55%)] text-sm text-text-muted">
          No preview
        </div>
      ) : preview.kind === "video" ? (
        <>
          <video src={preview.url} muted preload="metadata" className="h-full w-full object-cover" />
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="rounded-full bg-black/60 p-3">
              <Play className="size-5 fill-white text-white" aria-label="Video" />
            </span>
          </span>
        </>
      ) : (
        <img src={preview.url} alt="" loading="lazy" className="h-full w-full object-cover" />
      )}
    </div>
  );
}
