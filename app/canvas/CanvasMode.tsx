import { useQuery } from "@tanstack/react-query";
import type { SessionUser } from "../../domain/auth";
import type { Project } from "../../domain/projects";
import { canEdit } from "../../domain/permissions";
import { takeCanvas } from "../project/preload";
import { Button, Spinner } from "../ui";
import { CanvasWorkspace, type CanvasData } from "./CanvasWorkspace";

/** Canvas mode: loads the project's nodes, edges and viewport, then opens the workspace. Lazy-loaded. */
export function CanvasMode({ project }: { project: Project; user: SessionUser }) {
  const canvas = useQuery({
    queryKey: ["canvas", project.id],
    queryFn: () => takeCanvas(project.id),
    // The workspace owns the canvas once open; a refetch must not reset it under the user's hands.
    staleTime: Infinity,
    gcTime: 0,
  });
  if (canvas.isPending) {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner size={24} />
      </div>
    );
  }
  if (canvas.isError) {
    return (
      <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 text-text-muted">
        <p>Failed to fetch nodes: {canvas.error.message}</p>
        <Button onClick={() => canvas.refetch()}>Try again</Button>
      </div>
    );
  }
  return <CanvasWorkspace projectId={project.id} canEdit={canEdit(project.permission)} initial={canvas.data} />;
}
