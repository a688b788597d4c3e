import { and, eq, inArray } from "drizzle-orm";
import type { Permission } from "../../domain/permissions";
import { MESSAGES } from "../../domain/errors";
import type { Db } from "../db/client";
import { projectMembers, projects } from "../db/schema";
import { forbidden, notFound } from "../errors";
import { ShortMemory } from "../shortMemory";

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
    .select({
      projectId: projects.id,
      ownerId: projects.ownerId,
      memberId: projectMembers.userId,
      memberPermission: projectMembers.permission,
    })
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

/**
 * Permissions asked for in the last REMEMBER_MS, for the autosave group commit only (`authorizeEach` with
 * `recent`). Asking cost every group one query, about a fifth of the embedded database's time under a burst
 * of saves (bench:autosave). The same trade as the session cache (auth/sessionCache.ts): on this
 * process a change of sharing or a deleted project is seen at once (`forgetProjectAccess`); on another
 * process sharing the database, a member removed or made view-only may still save for up to REMEMBER_MS.
 * Only found permissions are kept: strangers and unknown projects are asked about every time.
 */
const REMEMBER_MS = 5_000;

const recentByDb = new WeakMap<Db, ShortMemory<Permission>>();
const recentOf = (db: Db): ShortMemory<Permission> => {
  let recent = recentByDb.get(db);
  if (!recent) recentByDb.set(db, (recent = new ShortMemory<Permission>(REMEMBER_MS)));
  return recent;
};
const pairKey = (userId: string, projectId: string) => `${projectId}\u0000${userId}`;

async function recentPermissionsOf(
  db: Db,
  pairs: readonly { userId: string; projectId: string }[],
): Promise<(Permission | null | undefined)[]> {
  const recent = recentOf(db);
  const known = pairs.map(({ userId, projectId }) => recent.get(pairKey(userId, projectId))?.value);
  const ask = pairs.filter((_, i) => known[i] === undefined);
  if (ask.length === 0) return known;
  const mark = recent.mark(); // a sharing change meanwhile voids the answers
  const asked = await permissionsOf(db, ask);
  let k = 0;
  return pairs.map(({ userId, projectId }, i) => {
    if (known[i] !== undefined) return known[i];
    const permission = asked[k++];
    if (permission) recent.storeSince(mark, pairKey(userId, projectId), permission);
    return permission;
  });
}

/** After a project's sharing changed or it was deleted: its remembered permissions go. */
export function forgetProjectAccess(db: Db, projectId: string): void {
  recentByDb.get(db)?.forget((key) => key.startsWith(`${projectId}\u0000`));
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
 * list that waited together, so twenty saves arriving at once cost one query (bench:autosave), and
 * with `recent`, none while their permissions are remembered (see REMEMBER_MS).
 */
export async function authorizeEach(
  db: Db,
  requests: readonly { userId: string; projectId: string; action: ProjectAction }[],
  options: { recent?: boolean } = {},
): Promise<(Permission | Error)[]> {
  const permissions = options.recent ? await recentPermissionsOf(db, requests) : await permissionsOf(db, requests);
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
