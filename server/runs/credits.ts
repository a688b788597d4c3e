/**
 * Credits for a generation, through the idempotent ledger: reserved in the transaction that queues the job,
 * captured on success, released on failure or cancel. Every row is keyed by the generation id, so a job that
 * runs twice (a retry, a resumed worker) never moves credits twice, and capture and release exclude each
 * other because only one of them wins the generation's status change (see runner.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { insufficientCredits } from "../errors";
import { creditBalance, recordCreditMovement } from "../services/creditLedger";
import { grantSignupAllowance } from "../services/signupAllowance";

export const reserveKey = (generationId: string) => `generation:${generationId}:reserve`;
export const captureKey = (generationId: string) => `generation:${generationId}:capture`;
export const releaseKey = (generationId: string) => `generation:${generationId}:release`;

/**
 * Holds `credits` for a generation inside the caller's transaction; 402 when the balance is short. A per-user
 * advisory lock makes concurrent reservations see each other's holds.
 */
export async function reserveCredits(tx: Db, userId: string, generationId: string, credits: number): Promise<void> {
  if (credits <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credits:${userId}`}))`);
  // A first run is a real action (a member of a shared project may run before creating a project).
  await grantSignupAllowance(tx, userId);
  const balance = await creditBalance(tx, userId);
  if (balance < credits) throw insufficientCredits();
  await recordCreditMovement(tx, { userId, delta: -credits, reason: "generation reserve", idempotencyKey: reserveKey(generationId) });
}

export async function releaseCredits(db: Db, userId: string, generationId: string, reserved: number): Promise<void> {
  if (reserved <= 0) return;
  await recordCreditMovement(db, { userId, delta: reserved, reason: "generation release", idempotencyKey: releaseKey(generationId) });
}
