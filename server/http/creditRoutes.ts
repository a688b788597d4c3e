import type { FastifyInstance } from "fastify";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { creditBalance } from "../services/creditLedger";
import { promisedSignupAllowance } from "../services/signupAllowance";

export function registerCreditRoutes(app: FastifyInstance, db: Db) {
  /**
   * `balance` is in credits (money × 1000), shown as credits everywhere; `promised` is the sign-up allowance
   * not yet granted (it arrives with the first project or run), so a new account can say what is coming.
   */
  app.get("/api/credits", async (request) => {
    const caller = requireUser(request);
    const [balance, promised] = await Promise.all([creditBalance(db, caller.id), promisedSignupAllowance(db, caller.id)]);
    return { balance, promised };
  });
}
