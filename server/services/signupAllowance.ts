import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { recordCreditMovement, signupGrantKey } from "./creditLedger";

/**
 * The sign-up allowance is promised when an account is made and granted on its first real action: creating
 * a project or starting a run, whichever comes first (there is no e-mail to verify offline). A script that
 * only makes accounts gets no credits, and a new user can still run a generation at once, since a run needs
 * a project and both grant.
 */
export async function promiseSignupAllowance(db: Db, userId: string, credits: number): Promise<void> {
  await db.update(user).set({ signupAllowance: credits }).where(eq(user.id, userId));
}

/** Credits promised at sign-up and not granted yet (0 once granted). */
export async function promisedSignupAllowance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ credits: user.signupAllowance }).from(user).where(eq(user.id, userId));
  return Math.max(0, row?.credits ?? 0);
}

/** Grants the promised allowance once, through the ledger's idempotency key; later calls change nothing. */
export async function grantSignupAllowance(db: Db, userId: string): Promise<void> {
  const [row] = await db.select({ credits: user.signupAllowance }).from(user).where(eq(user.id, userId));
  if (!row || row.credits <= 0) return;
  await recordCreditMovement(db, { userId, delta: row.credits, reason: "Sign-up allowance", idempotencyKey: signupGrantKey(userId) });
  await db.update(user).set({ signupAllowance: 0 }).where(eq(user.id, userId));
}
