import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { creditLedger } from "../db/schema";
import { creditBalance, recordCreditMovement } from "../services/creditLedger";

/**
 * The older client's `use-credits` (spec: shell 7): spends once per `session_id` (a repeat answers the
 * first spend), and never below zero. A per-user lock orders it with generation holds.
 */
export async function useCreditsOnce(
  db: Db,
  userId: string,
  body: { credits: number; operation_type: string; session_id: string },
): Promise<{ newBalance: number; transactionId: string } | null> {
  const key = `use-credits:${userId}:${body.session_id}`;
  return db.transaction(async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`credits:${userId}`}))`);
    const [done] = await t.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.idempotencyKey, key));
    if (!done) {
      if ((await creditBalance(t, userId)) < body.credits) return null;
      await recordCreditMovement(t, {
        userId,
        delta: -body.credits,
        reason: `use-credits ${body.operation_type}`.slice(0, 80),
        idempotencyKey: key,
      });
    }
    const [row] = await t.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.idempotencyKey, key));
    return { newBalance: await creditBalance(t, userId), transactionId: row!.id };
  });
}
