import type { Db } from "../db/client";
import type { BillingProvider } from "./provider";
import { stripeProvider } from "./stripeProvider";
import { testProvider } from "./testProvider";

/**
 * Stripe when STRIPE_SECRET_KEY is set (with STRIPE_WEBHOOK_SECRET; STRIPE_API_BASE points it at another
 * Stripe-compatible server), else the built-in test provider, unless BILLING_TEST_PROVIDER=off (production
 * without Stripe: buying is then unavailable, and says so).
 */
export function billingProviderFrom(db: Db, env: NodeJS.ProcessEnv): BillingProvider | null {
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET)
      throw new Error("STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (webhooks are how payments are confirmed)");
    return stripeProvider(db, { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE });
  }
  if (env.BILLING_TEST_PROVIDER === "off") return null;
  return testProvider(db);
}
