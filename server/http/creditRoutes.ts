import type { FastifyInstance } from "fastify";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { creditBalance } from "../services/creditLedger";

export function registerCreditRoutes(app: FastifyInstance, db: Db) {
  /** `balance` is in credits (money × 1000); the UI formats it as money or credits. */
  app.get("/api/credits", async (request) => {
    const caller = requireUser(request);
    return { balance: await creditBalance(db, caller.id) };
  });
}
