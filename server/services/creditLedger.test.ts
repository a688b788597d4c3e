import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/client";
import { creditBalances, creditLedger, user } from "../db/schema";
import { openTestDatabase } from "../test/testDatabase";
import { creditBalance, recordCreditMovement } from "./creditLedger";

describe("the credit ledger and the balance kept beside it", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  const newUser = async () => {
    const id = randomUUID();
    await database.db.insert(user).values({ id, name: "Editor", email: `${id}@example.com` });
    return id;
  };
  const ledgerSum = async (userId: string) => {
    const [row] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return Number(row!.sum);
  };

  it("starts at nothing and follows every movement once, a repeated key moving nothing", async () => {
    const userId = await newUser();
    expect(await creditBalance(database.db, userId)).toBe(0);
    expect(await recordCreditMovement(database.db, { userId, delta: 500, reason: "grant", idempotencyKey: `grant:${userId}` })).toBe(true);
    expect(await recordCreditMovement(database.db, { userId, delta: -40, reason: "spend", idempotencyKey: `spend:${userId}` })).toBe(true);
    expect(await recordCreditMovement(database.db, { userId, delta: -40, reason: "spend", idempotencyKey: `spend:${userId}` })).toBe(false);
    expect(await creditBalance(database.db, userId)).toBe(460);
    expect(await ledgerSum(userId)).toBe(460);
  });

  it("adds up exactly when many movements land at once", async () => {
    const userId = await newUser();
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        recordCreditMovement(database.db, { userId, delta: i % 3 === 0 ? -7 : 11, reason: "run", idempotencyKey: `run:${userId}:${i}` }),
      ),
    );
    expect(await creditBalance(database.db, userId)).toBe(await ledgerSum(userId));
    expect(await creditBalance(database.db, userId)).toBe(20 * -7 + 40 * 11);
  });

  it("keeps one user's balance apart from another's, and follows a movement corrected or removed", async () => {
    const [a, b] = [await newUser(), await newUser()];
    await recordCreditMovement(database.db, { userId: a, delta: 100, reason: "grant", idempotencyKey: `grant:${a}` });
    await recordCreditMovement(database.db, { userId: b, delta: 30, reason: "grant", idempotencyKey: `grant:${b}` });
    await database.db
      .update(creditLedger)
      .set({ delta: 120 })
      .where(eq(creditLedger.idempotencyKey, `grant:${a}`));
    expect([await creditBalance(database.db, a), await creditBalance(database.db, b)]).toEqual([120, 30]);
    await database.db.delete(creditLedger).where(eq(creditLedger.idempotencyKey, `grant:${b}`));
    expect([await creditBalance(database.db, a), await creditBalance(database.db, b)]).toEqual([120, 0]);
  });

  it("goes with its user: deleting an account removes its ledger and balance without bringing either back", async () => {
    const userId = await newUser();
    await recordCreditMovement(database.db, { userId, delta: 75, reason: "grant", idempotencyKey: `grant:${userId}` });
    await database.db.delete(user).where(eq(user.id, userId));
    expect(await database.db.select().from(creditBalances).where(eq(creditBalances.userId, userId))).toEqual([]);
    expect(await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toEqual([]);
  });
});
