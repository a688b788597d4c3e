import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { applyBillingEvent, type ProviderEvent } from "./billingEvents";
import { fillReceipt } from "./billingReceipts";
import type { BillingProvider } from "./provider";

/**
 * Provider events applied with the receipt of the purchase each recorded, asked only once the grant is
 * committed: at once (the test provider's pages), or after the answer (Stripe's webhook, so a slow Stripe
 * never holds the answer and makes Stripe deliver again; up to the provider's 4 s time-out).
 */
export function billingReceiptTasks(db: Db, log: FastifyBaseLogger) {
  const afterAnswer = new Set<Promise<void>>();
  return {
    /** One event, then its purchase's receipt, before returning. */
    async apply(provider: BillingProvider, event: ProviderEvent) {
      const outcome = await applyBillingEvent(db, provider.name, event);
      if (outcome.purchaseId) await fillReceipt(db, provider, outcome.purchaseId, log);
      return outcome;
    },
    /** One event now; its purchase's receipt is asked for after the answer. */
    async applyThenAsk(provider: BillingProvider, event: ProviderEvent) {
      const outcome = await applyBillingEvent(db, provider.name, event);
      if (outcome.purchaseId) {
        const purchaseId = outcome.purchaseId;
        const pending = fillReceipt(db, provider, purchaseId, log)
          .catch((err: unknown) => log.warn({ err, purchaseId }, "could not fill a purchase's receipt"))
          .finally(() => afterAnswer.delete(pending));
        afterAnswer.add(pending);
      }
      return outcome;
    },
    /** Waits for the receipts still being asked for after an answer. */
    async settled() {
      await Promise.allSettled([...afterAnswer]);
    },
  };
}

export type BillingReceiptTasks = ReturnType<typeof billingReceiptTasks>;

/** The server waits for the receipts still being asked for when it closes. */
export function registerBillingReceiptTasks(app: FastifyInstance, tasks: BillingReceiptTasks) {
  app.addHook("onClose", async () => {
    await tasks.settled();
  });
}
