import { Workflow } from "lucide-react";
import type { SessionUser } from "../../domain/auth";
import type { Project } from "../../domain/projects";

/**
 * The node canvas's home. Loaded lazily, only inside a project. The canvas itself (React Flow, commands,
 * autosave, realtime) is the Canvas issue's work; until then this says so plainly.
 */
export function CanvasMode({ project }: { project: Project; user: SessionUser }) {
  return (
    <section
      data-testid="canvas-mode"
      className="flex h-full items-center justify-center bg-bg bg-[radial-gradient(circle,rgba(230,232,238,0.09)_1px,transparent_1px)] [background-size:20px_20px]"
    >
      <div className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-border bg-surface/90 p-8 text-center backdrop-blur">
        <Workflow className="size-8 text-accent" aria-hidden />
        <h2 className="text-lg font-semibold text-text">Canvas</h2>
        <p className="text-sm text-text-muted">
          The node canvas for <span className="text-text">{project.name}</span> is not in this build yet. Nodes, connections and
          generation arrive with the canvas release.
        </p>
      </div>
    </section>
  );
}
