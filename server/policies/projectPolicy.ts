import { and, eq, inArray } from "drizzle-orm";
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

/** A stranger is told the project is private, whatever they tried; a member, what their permission lacks. */
const refusalFor = (permission: Permission | null, action: ProjectAction) => forbidden(permission === null ? REFUSAL.view : REFUSAL[action]);

/** Asks the policy and throws 403 (or 404 for an unknown project) unless the caller may act. */
export async function authorizeProject(
  db: Db,
  userId: string,
  projectId: string,
  action: ProjectAction,
): Promise<Permission> {
  const permission = await permissionOn(db, userId, projectId);
  if (!permits(permission, action)) throw refusalFor(permission, action);
  return permission as Permission;
}

/**
 * `authorizeProject` for many requests in one query: each answer is the caller's permission, or the error
 * `authorizeProject` would throw for it. The autosave group commit asks this for every list that waited
 * together, so twenty saves arriving at once cost one permission query, not twenty (issue 16, bench:autosave).
 */
export async function authorizeEach(
  db: Db,
  requests: readonly { userId: string; projectId: string; action: ProjectAction }[],
): Promise<(Permission | Error)[]> {
  if (requests.length === 0) return [];
  const projectIds = [...new Set(requests.map((r) => r.projectId))];
  const userIds = [...new Set(requests.map((r) => r.userId))];
  const found = await db
    .select({ projectId: projects.id, ownerId: projects.ownerId, memberId: projectMembers.userId, memberPermission: projectMembers.permission })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), inArray(projectMembers.userId, userIds)))
    .where(inArray(projects.id, projectIds));
  return requests.map(({ userId, projectId, action }) => {
    const rows = found.filter((r) => r.projectId === projectId);
    if (rows.length === 0) return notFound(MESSAGES.projectNotFound);
    const permission: Permission | null = rows[0]!.ownerId === userId ? "owner" : (rows.find((r) => r.memberId === userId)?.memberPermission ?? null);
    return permits(permission, action) ? (permission as Permission) : refusalFor(permission, action);
  });
}
