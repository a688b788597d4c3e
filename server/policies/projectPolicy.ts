import { and, eq } from "drizzle-orm";
import type { Permission } from "../../domain/permissions";
import { MESSAGES } from "../../domain/errors";
import type { Db } from "../db/client";
import { projectMembers, projects } from "../db/schema";
import { forbidden, notFound } from "../errors";

/**
 * Who may do what to a project — the one place such decisions are made.
 *   view: read the project and everything in it.
 *   edit: change its content and its name.
 *   manage: share it, delete it (owner only).
 */
export type ProjectAction = "view" | "edit" | "manage";

const ALLOWED: Record<ProjectAction, readonly Permission[]> = {
  view: ["owner", "edit", "view"],
  edit: ["owner", "edit"],
  manage: ["owner"],
};

export const permits = (permission: Permission | null, action: ProjectAction): boolean =>
  permission !== null && ALLOWED[action].includes(permission);

/** The caller's permission on a project, or null when they have none. Throws 404 when it does not exist. */
export async function permissionOn(db: Db, userId: string, projectId: string): Promise<Permission | null> {
  const [row] = await db
    .select({ ownerId: projects.ownerId, memberPermission: projectMembers.permission })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw notFound(MESSAGES.projectNotFound);
  if (row.ownerId === userId) return "owner";
  return row.memberPermission ?? null;
}

const REFUSAL: Record<ProjectAction, string> = {
  view: MESSAGES.accessDeniedDefault,
  edit: "You have view-only access to this project",
  manage: "Only the project owner can do that",
};

/** Asks the policy and throws 403 (or 404 for an unknown project) unless the caller may act. */
export async function authorizeProject(
  db: Db,
  userId: string,
  projectId: string,
  action: ProjectAction,
): Promise<Permission> {
  const permission = await permissionOn(db, userId, projectId);
  if (!permits(permission, action)) throw forbidden(REFUSAL[action]);
  return permission as Permission;
}
