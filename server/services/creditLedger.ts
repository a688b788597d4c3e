import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { creditBalances, creditLedger } from "../db/schema";

export interface CreditMovement {
  userId: string;
  /** Whole credits; positive grants, negative spends. */
  delta: number;
  reason: string;
  /** The same key never moves credits twice (e.g. `signup:{userId}`, later `capture:{generationId}`). */
  idempotencyKey: string;
}

/** Records a movement once. Returns true when this call recorded it, false when the key was already used. */
export async function recordCreditMovement(db: Db, m: CreditMovement): Promise<boolean> {
  if (!Number.isInteger(m.delta)) throw new Error("Credit movements are whole credits");
  const rows = await db
    .insert(creditLedger)
    .values({ id: randomUUID(), ...m })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  return rows.length > 0;
}

/** The user's balance: their ledger's sum, as the ledger's trigger keeps it (schema.ts creditBalances). */
export async function creditBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.userId, userId));
  return row?.balance ?? 0;
}

export const signupGrantKey = (userId: string) => `signup:${userId}`;
