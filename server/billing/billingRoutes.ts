import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { registerBillingPageRoutes } from "./billingPageRoutes";
import { billingReceiptTasks, registerBillingReceiptTasks } from "./billingReceiptTasks";
import { billingService } from "./billingService";
import { registerBillingWebhookRoute } from "./billingWebhookRoute";
import { registerLegacyBillingRoutes } from "./legacyBillingRoutes";
import type { BillingProvider } from "./provider";
import { registerTestProviderRoutes } from "./testProviderRoutes";

/**
 * Billing, all over the one ledger: the Billing page with checkout and the configured provider's portal,
 * the provider's webhook, the test provider's own pages, the older billing client's calls, and the receipts
 * still being asked for when the server closes.
 */
export function registerBillingRoutes(app: FastifyInstance, db: Db, provider: BillingProvider | null) {
  const receipts = billingReceiptTasks(db, app.log);
  const billing = billingService(db, provider, receipts);
  registerBillingReceiptTasks(app, receipts);
  registerBillingPageRoutes(app, billing);
  registerBillingWebhookRoute(app, billing);
  registerTestProviderRoutes(app, billing);
  registerLegacyBillingRoutes(app, billing);
}
