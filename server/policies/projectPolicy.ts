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

/**
 * Each caller's permission on each project, in one query: the permission, null when they have none, or
 * undefined when the project does not exist. Every decision below comes from here.
 */
async function permissionsOf(db: Db, pairs: readonly { userId: string; projectId: string }[]): Promise<(Permission | null | undefined)[]> {
  if (pairs.length === 0) return [];
  const userIds = [...new Set(pairs.map((p) => p.userId))];
  const found = await db
    .select({ projectId: projects.id, ownerId: projects.ownerId, memberId: projectMembers.userId, memberPermission: projectMembers.permission })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), inArray(projectMembers.userId, userIds)))
    .where(inArray(projects.id, [...new Set(pairs.map((p) => p.projectId))]));
  return pairs.map(({ userId, projectId }) => {
    const rows = found.filter((r) => r.projectId === projectId);
    if (rows.length === 0) return undefined;
    if (rows[0]!.ownerId === userId) return "owner";
    return rows.find((r) => r.memberId === userId)?.memberPermission ?? null;
  });
}

/** The caller's permission on a project, or null when they have none. Throws 404 when it does not exist. */
export async function permissionOn(db: Db, userId: string, projectId: string): Promise<Permission | null> {
  const [permission] = await permissionsOf(db, [{ userId, projectId }]);
  if (permission === undefined) throw notFound(MESSAGES.projectNotFound);
  return permission;
}

const REFUSAL: Record<ProjectAction, string> = {
  view: MESSAGES.accessDeniedDefault,
  edit: "You have view-only access to this project",
  manage: "Only the project owner can do that",
};

/**
 * Asks the policy for many requests at once: each answer is the caller's permission, or the error to
 * answer with (404 for an unknown project; 403 otherwise: a stranger is told the project is private,
 * whatever they tried, a member what their permission lacks). The autosave group commit asks this for every
 * list that waited together, so twenty saves arriving at once cost one query (issue 16, bench:autosave).
 */
export async function authorizeEach(
  db: Db,
  requests: readonly { userId: string; projectId: string; action: ProjectAction }[],
): Promise<(Permission | Error)[]> {
  const permissions = await permissionsOf(db, requests);
  return requests.map(({ action }, i) => {
    const permission = permissions[i]!;
    if (permission === undefined) return notFound(MESSAGES.projectNotFound);
    if (!permits(permission, action)) return forbidden(permission === null ? REFUSAL.view : REFUSAL[action]);
    return permission;
  });
}

/** Asks the policy and throws 403 (or 404 for an unknown project) unless the caller may act. */
export async function authorizeProject(db: Db, userId: string, projectId: string, action: ProjectAction): Promise<Permission> {
  const [verdict] = await authorizeEach(db, [{ userId, projectId, action }]);
  if (verdict instanceof Error) throw verdict;
  return verdict!;
}
