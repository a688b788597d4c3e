import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { legacyCheckoutSchema, legacySubscriptionSchema, useCreditsSchema } from "../../domain/billing/api";
import { CREDIT_PACKS, catalogItem, PLANS, planPriceId } from "../../domain/billing/catalog";
import { requireUser } from "../auth/session";
import { parse } from "../validation";
import { originOf } from "./billingPageRoutes";
import type { BillingService } from "./billingService";

/** The older billing client's calls, in its own names and shapes, over the same service and ledger. */
export function registerLegacyBillingRoutes(app: FastifyInstance, billing: BillingService) {
  app.get("/api/users/credits", async (request) => ({ current_credits: await billing.balance(requireUser(request).id) }));

  app.post("/api/billing/use-credits", async (request) => {
    const caller = requireUser(request);
    const body = parse(useCreditsSchema, request.body ?? {});
    const result = await billing.useCredits(caller.id, body);
    return { success: true, new_balance: result.newBalance, transaction_id: result.transactionId };
  });

  app.get("/api/subscriptions/current/", async (request) => ({ subscription: await billing.subscription(requireUser(request).id) }));

  app.post("/api/subscriptions/", async (request) => {
    const body = parse(legacySubscriptionSchema, request.body ?? {});
    const plan = PLANS.find((p) => p.id === body.tier);
    const item = plan ? catalogItem(planPriceId(plan.id, body.billing_interval)) : null;
    const session = await billing.checkout(requireUser(request), item, originOf(request));
    return { checkout_url: session.url, requires_payment_method: true };
  });

  app.post("/api/checkout", async (request) => {
    const { price_id } = parse(legacyCheckoutSchema, request.body ?? {});
    return { checkout_url: (await billing.checkout(requireUser(request), catalogItem(price_id), originOf(request))).url };
  });

  app.post("/api/billing/create-portal-session", async (request) => ({
    url: (await billing.portal(requireUser(request), originOf(request))).url,
  }));

  app.get("/api/subscriptions/tiers", async () => ({
    tiers: PLANS.map((p) => ({
      id: p.id,
      name: p.name,
      monthly_credits: p.monthlyCredits,
      price_monthly: p.priceMonthly,
      price_yearly: p.priceYearly,
      price_ids: { monthly: planPriceId(p.id, "monthly"), yearly: planPriceId(p.id, "yearly") },
    })),
    packs: CREDIT_PACKS.map((p) => ({ id: p.id, price_id: `pack:${p.id}`, price: p.priceUsd, credits: p.credits })),
  }));

  // Outside /api (the older client's path), so the text rule is applied here rather than at the door.
  app.get("/health", async (request) => {
    parse(z.record(z.string(), z.unknown()), request.query ?? {});
    return { status: "ok" };
  });
}
