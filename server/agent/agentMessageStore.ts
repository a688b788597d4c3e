/** The agent chat's stored messages: read, add, report on and settle (no access check: agentService asks first). */
import { and, asc, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import {
  agentMessageMetadataSchema,
  runReportText,
  type AgentMessage,
  type AgentMessageMetadata,
  type AgentMessageType,
  type PlanOutcome,
} from "../../domain/agent/messages";
import type { Db } from "../db/client";
import { agentMessages, user } from "../db/schema";
import { notFound } from "../errors";

/** The newest this many messages make a project's chat history (older ones stay stored). */
export const HISTORY_LIMIT = 200;

type Row = typeof agentMessages.$inferSelect & { author?: string | null };

/** A stored chat row as the chat shows it. */
export const agentMessageOf = (r: Row): AgentMessage => ({
  id: r.id,
  type: r.type as AgentMessageType,
  content: r.content,
  timestamp: r.createdAt.toISOString(),
  author: r.author ?? null,
  metadata: agentMessageMetadataSchema.parse(r.metadata ?? {}),
});

/** A project's chat, oldest first. */
export async function listAgentMessages(db: Db, projectId: string): Promise<AgentMessage[]> {
  const rows = await db
    .select({ message: agentMessages, author: user.name })
    .from(agentMessages)
    .leftJoin(user, eq(user.id, agentMessages.userId))
    .where(eq(agentMessages.projectId, projectId))
    .orderBy(asc(agentMessages.createdAt), asc(agentMessages.id));
  return rows.slice(-HISTORY_LIMIT).map((r) => agentMessageOf({ ...r.message, author: r.author }));
}

export async function addAgentMessage(
  db: Db,
  m: {
    projectId: string;
    userId: string;
    type: AgentMessageType;
    content: string;
    metadata?: Partial<AgentMessageMetadata>;
    author?: string | null;
    createdAt?: Date;
  },
): Promise<AgentMessage> {
  const metadata = agentMessageMetadataSchema.parse(m.metadata ?? {});
  const [row] = await db
    .insert(agentMessages)
    .values({
      id: randomUUID(),
      projectId: m.projectId,
      userId: m.userId,
      type: m.type,
      content: m.content,
      metadata,
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
    })
    .returning();
  return agentMessageOf({ ...row!, author: m.author ?? null });
}

/**
 * The 'Finished' message of an applied plan's runs, once: a second report (another tab, a retry) returns the
 * first. Null when the message is not an applied plan of this project.
 */
export async function addRunReport(
  db: Db,
  projectId: string,
  messageId: string,
  userId: string,
  report: { nodeIds: string[]; assetUrls: string[]; failed: number },
): Promise<AgentMessage | null> {
  const [answer] = await db
    .select()
    .from(agentMessages)
    .where(and(eq(agentMessages.id, messageId), eq(agentMessages.projectId, projectId)));
  if (!answer || answer.type !== "agent" || agentMessageMetadataSchema.parse(answer.metadata ?? {}).planState !== "applied") return null;
  const [earlier] = await db
    .select()
    .from(agentMessages)
    .where(
      and(
        eq(agentMessages.projectId, projectId),
        eq(agentMessages.type, "system"),
        sql`${agentMessages.metadata}->>'reportFor' = ${messageId}`,
      ),
    );
  if (earlier) return agentMessageOf(earlier);
  const made = Math.max(0, report.nodeIds.length - report.failed);
  return addAgentMessage(db, {
    projectId,
    userId,
    type: "system",
    content: runReportText(made, report.failed),
    metadata: { nodeIds: report.nodeIds, assetUrls: report.assetUrls, reportFor: messageId },
  });
}

/**
 * Records what became of an agent answer's plan: a proposed plan is settled once (applied, cancelled or
 * failed); an applied one can then be undone from the chat, once.
 */
export async function settlePlan(
  db: Db,
  projectId: string,
  messageId: string,
  outcome: Required<Pick<PlanOutcome, "state">> & PlanOutcome,
): Promise<AgentMessage> {
  const [row] = await db
    .select()
    .from(agentMessages)
    .where(and(eq(agentMessages.id, messageId), eq(agentMessages.projectId, projectId)));
  if (!row || row.type !== "agent") throw notFound("Message not found");
  const metadata = agentMessageMetadataSchema.parse(row.metadata ?? {});
  const undoing = outcome.state === "undone";
  if (undoing ? metadata.planState !== "applied" : metadata.planState !== "proposed") return agentMessageOf(row);
  const next: AgentMessageMetadata = {
    ...metadata,
    planState: outcome.state,
    nodeIds: outcome.nodeIds?.length ? outcome.nodeIds : metadata.nodeIds,
    ...(outcome.error ? { error: outcome.error } : {}),
  };
  const [updated] = await db.update(agentMessages).set({ metadata: next }).where(eq(agentMessages.id, messageId)).returning();
  return agentMessageOf(updated!);
}
