import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { startingNodeData, type CreateProjectInput, type Project, type UpdateProjectInput } from "../../domain/projects";
import { type CanvasChange, nodeAdded } from "../../domain/canvas/changes";
import type { Permission } from "../../domain/permissions";
import { choosePreview } from "../../domain/preview";
import { projectNameTaken } from "../../domain/errors";
import { isUniqueViolation, type Db } from "../db/client";
import { nodes, projectMembers, projects, user } from "../db/schema";
import { alreadyExists } from "../errors";
import { forgetProjectAccess } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { applyChanges } from "./canvasService";
import { grantSignupAllowance } from "./signupAllowance";

const projectColumns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  thumbnail: projects.thumbnail,
  ownerId: projects.ownerId,
  ownerName: user.name,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

type ProjectRow = {
  id: string;
  name: string;
  description: string;
  thumbnail: string | null;
  ownerId: string;
  ownerName: string;
  createdAt: Date;
  updatedAt: Date;
};

function present(row: ProjectRow, permission: Permission, previewNode?: Record<string, unknown>): Project {
  return {
    ...row,
    permission,
    preview: choosePreview({ thumbnail: row.thumbnail, nodes: previewNode ? [previewNode] : [] }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's own projects and those shared with them, most recently changed first. */
export async function listProjects(db: Db, userId: string): Promise<Project[]> {
  const rows = await db
    .select({ ...projectColumns, memberPermission: projectMembers.permission })
    .from(projects)
    .innerJoin(user, eq(user.id, projects.ownerId))
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .where(or(eq(projects.ownerId, userId), eq(projectMembers.userId, userId)))
    .orderBy(desc(projects.updatedAt));
  const previews = await previewNodes(
    db,
    rows.filter((r) => !r.thumbnail).map((r) => r.id),
  );
  return rows.map(({ memberPermission, ...row }) =>
    present(row, row.ownerId === userId ? "owner" : (memberPermission ?? "view"), previews.get(row.id)),
  );
}

/**
 * For projects without a thumbnail, the first canvas node (in creation order) that has an image or
 * video to show (a node without a content type counts as a picture if it has media, as old nodes do) — one indexed query for the whole list, not one per card.
 */
async function previewNodes(db: Db, projectIds: string[]): Promise<Map<string, Record<string, unknown>>> {
  if (projectIds.length === 0) return new Map();
  const media = sql`coalesce(${nodes.data}->>'azureUrl', ${nodes.data}->>'mediaUrl', ${nodes.data}->>'videoUrl', ${nodes.data}->>'imageUrl', ${nodes.data}->>'url', ${nodes.data}#>>'{output,videoUrl}', ${nodes.data}#>>'{output,imageUrl}')`;
  const rows = await db
    .selectDistinctOn([nodes.projectId], { projectId: nodes.projectId, data: nodes.data })
    .from(nodes)
    // Only pictures: a voice line or a 3D model has media too, but nothing a card can show.
    .where(
      and(
        inArray(nodes.projectId, projectIds),
        eq(nodes.deleted, false),
        sql`${media} is not null`,
        sql`coalesce(${nodes.data}->>'contentType', 'image') in ('image', 'video')`,
      ),
    )
    .orderBy(nodes.projectId, nodes.createdAt);
  return new Map(rows.map((r) => [r.projectId, r.data as Record<string, unknown>]));
}

export async function getProject(db: Db, projectId: string, permission: Permission): Promise<Project> {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .innerJoin(user, eq(user.id, projects.ownerId))
    .where(eq(projects.id, projectId));
  if (!row) throw new Error(`project ${projectId} vanished after authorization`);
  return present(row, permission);
}

/**
 * A new project of the caller's. Nodes it starts with (a remix, spec: shell 4) are placed through the
 * canvas's one writer as the owner's own change, in the same transaction as the project: either the project
 * exists with all of them or nothing was made. They arrive settled (startingNodeData): no run of theirs goes
 * on here.
 */
export async function createProject(db: Db, hub: RealtimeHub, ownerId: string, input: CreateProjectInput): Promise<Project> {
  const id = randomUUID();
  const { nodes: initial = [], ...fields } = input;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(projects).values({ id, ownerId, name: fields.name, description: fields.description ?? "" });
      if (initial.length === 0) return;
      // Nobody can have this project open yet, so what applyChanges publishes before the commit reaches no one.
      const placed = initial.map(
        (n): CanvasChange => nodeAdded({ id: n.id, type: n.type, position: n.position, data: startingNodeData(n.data) }),
      );
      await applyChanges(tx, hub, id, placed, { source: "user", actor: { userId: ownerId } });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists(projectNameTaken(input.name));
    throw err;
  }
  // A first project is a real action: the sign-up allowance is granted now if it was not yet.
  await grantSignupAllowance(db, ownerId);
  return getProject(db, id, "owner");
}

export async function updateProject(db: Db, projectId: string, permission: Permission, input: UpdateProjectInput): Promise<Project> {
  try {
    await db
      .update(projects)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(projects.id, projectId));
  } catch (err) {
    if (isUniqueViolation(err) && input.name) throw alreadyExists(projectNameTaken(input.name));
    throw err;
  }
  return getProject(db, projectId, permission);
}

export async function deleteProject(db: Db, projectId: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, projectId));
  forgetProjectAccess(db, projectId);
}
