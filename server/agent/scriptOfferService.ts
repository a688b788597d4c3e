import { and, eq } from "drizzle-orm";
import { agentMessageMetadataSchema, type AgentMessage } from "../../domain/agent/messages";
import { SCRIPT_OFFER_MESSAGES } from "../../domain/agent/scriptOffer";
import type { Db } from "../db/client";
import { agentMessages } from "../db/schema";
import { notFound } from "../errors";
import { authorizeProject } from "../policies/projectPolicy";
import { createScript } from "../services/scriptService";
import { agentMessageOf } from "./agentMessageStore";

/**
 * "Write into a script" on an agent answer: makes the new script from the scene the answer offered (the
 * stored draft, never text from the request), once. The answer's row is locked while it is written, so
 * two clicks, two tabs or a retried request all end with the one script the first made.
 */
export async function writeOfferedScript(
  db: Db,
  callerId: string,
  projectId: string,
  messageId: string,
): Promise<{ message: AgentMessage; scriptId: string; created: boolean }> {
  await authorizeProject(db, callerId, projectId, "edit");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(agentMessages)
      .where(and(eq(agentMessages.id, messageId), eq(agentMessages.projectId, projectId)))
      .for("update");
    if (!row || row.type !== "agent") throw notFound("Message not found");
    const metadata = agentMessageMetadataSchema.parse(row.metadata ?? {});
    if (metadata.scriptOfferWritten) return { message: agentMessageOf(row), scriptId: metadata.scriptOfferWritten.id, created: false };
    if (!metadata.scriptOffer) throw notFound(SCRIPT_OFFER_MESSAGES.none);
    const script = await createScript(tx, {
      projectId,
      name: metadata.scriptOffer.name,
      fileType: "screenplay",
      userId: callerId,
      elements: metadata.scriptOffer.elements,
    });
    const next = { ...metadata, scriptOfferWritten: { id: script.id, name: script.name } };
    const [updated] = await tx.update(agentMessages).set({ metadata: next }).where(eq(agentMessages.id, messageId)).returning();
    return { message: agentMessageOf(updated!), scriptId: script.id, created: true };
  });
}
