import { and, asc, eq, sql } from "drizzle-orm";
import type { AddMemberInput, Member } from "../../domain/projects";
import type { Db } from "../db/client";
import { projectMembers, projects, user } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { forgetProjectAccess } from "../policies/projectPolicy";

export async function listMembers(db: Db, projectId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: projectMembers.userId,
      email: user.email,
      name: user.name,
      permission: projectMembers.permission,
      addedAt: projectMembers.createdAt,
    })
    .from(projectMembers)
    .innerJoin(user, eq(user.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt));
  return rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() }));
}

/** Shares a project with a registered user; sharing again with the same user changes their permission. */
export async function addMember(db: Db, projectId: string, input: AddMemberInput): Promise<Member> {
  const [invitee] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, input.email));
  if (!invitee) throw notFound(`No Reelgraph account uses ${input.email}. Ask them to sign up first.`);
  const [project] = await db.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, projectId));
  if (project?.ownerId === invitee.id) throw badRequest("The owner already has full access to this project");

  await db
    .insert(projectMembers)
    .values({ projectId, userId: invitee.id, permission: input.permission })
    .onConflictDoUpdate({
      target: [projectMembers.projectId, projectMembers.userId],
      set: { permission: input.permission },
    });
  forgetProjectAccess(db, projectId);
  const members = await listMembers(db, projectId);
  const member = members.find((m) => m.userId === invitee.id);
  if (!member) throw new Error("member vanished after insert");
  return member;
}

export async function removeMember(db: Db, projectId: string, userId: string): Promise<void> {
  const removed = await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .returning({ userId: projectMembers.userId });
  forgetProjectAccess(db, projectId);
  if (removed.length === 0) throw notFound("That person is not a member of this project");
}
