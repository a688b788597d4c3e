import type { QueryClient } from "@tanstack/react-query";
import { canEdit, type Permission } from "../../domain/permissions";
import type { Project } from "../../domain/projects";
import { projectKeys } from "../api/projects";
import { toast } from "../ui";

/** What the member is told when the owner changes their access to an open project. */
export function accessChangeMessage(project: Pick<Project, "name" | "ownerName">, permission: Permission): string {
  return canEdit(permission)
    ? `${project.ownerName} gave you edit access to ${project.name}`
    : `${project.ownerName} made ${project.name} view-only for you`;
}

/**
 * The owner changed this user's permission on the open project: the project's cached
 * record takes it, so every mode (the canvas's store too, CanvasWorkspace) follows at once, with a toast.
 */
export function followAccess(queryClient: QueryClient, projectId: string, permission: Permission): void {
  const project = queryClient.getQueryData<Project>(projectKeys.one(projectId));
  if (!project || project.permission === permission) return;
  queryClient.setQueryData<Project>(projectKeys.one(projectId), { ...project, permission });
  void queryClient.invalidateQueries({ queryKey: projectKeys.all, exact: true });
  toast.info(accessChangeMessage(project, permission));
}
