import { memo } from "react";
import { Eye, Pencil, Play, Trash2 } from "lucide-react";
import type { Project } from "../../domain/projects";
import { formatLastEdited } from "../../domain/relativeTime";
import { IconButton, Tooltip } from "../ui";

interface Props {
  project: Project;
  now: number;
  onOpen(id: string): void;
  onDelete(project: Project): void;
}

/** A dashboard card: 16:9 preview, name, relative last-edited time, delete (owners) or a shared badge. */
export const ProjectCard = memo(function ProjectCard({ project, now, onOpen, onDelete }: Props) {
  const name = project.name || "Untitled Project";
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-surface transition hover:border-text-muted/40 hover:shadow-lg focus-within:border-accent/60"
      data-testid="project-card"
    >
      <button
        type="button"
        onClick={() => onOpen(project.id)}
        className="flex flex-col text-left outline-none"
        aria-label={`Open ${name}`}
      >
        <Preview project={project} />
        <div className="flex flex-col gap-1 px-4 py-3">
          <h3 className="truncate pr-8 font-medium text-text" title={name}>
            {name}
          </h3>
          <p className="text-xs text-text-muted">{formatLastEdited(project.updatedAt, now)}</p>
        </div>
      </button>
      <div className="absolute bottom-3 right-3">
        {project.permission === "owner" ? (
          <IconButton
            label={`Delete ${name}`}
            size="sm"
            variant="ghost"
            className="opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
            onClick={() => onDelete(project)}
          >
            <Trash2 className="size-4" />
          </IconButton>
        ) : (
          <Tooltip content={`Shared by ${project.ownerName} · ${project.permission === "edit" ? "can edit" : "view only"}`}>
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-text-muted">
              {project.permission === "edit" ? <Pencil className="size-3" /> : <Eye className="size-3" />}
              {project.permission === "edit" ? "Can edit" : "View only"}
            </span>
          </Tooltip>
        )}
      </div>
    </article>
  );
});

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
