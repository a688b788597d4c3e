/**
 * Billing (issue 13): checkout and portal through the configured provider, the provider's webhook, the
 * Billing page's reads, the test provider's own pages' calls (checkout, portal, receipt), and the older billing client's calls
 * (spec: shell 7), all over the one ledger.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  alreadyOnPlan,
  alreadySubscribed,
  BILLING_MESSAGES,
  checkoutRequestSchema,
  legacyCheckoutSchema,
  legacySubscriptionSchema,
  listQuerySchema,
  testPortalActionSchema,
  useCreditsSchema,
  type BillingSummary,
  type TestReceipt,
} from "../../domain/billing/api";
import { catalogItem, CREDIT_PACKS, planPriceId, PLANS, type CatalogItem } from "../../domain/billing/catalog";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { badRequest, conflict, insufficientCredits, notConfigured } from "../errors";
import { parse } from "../validation";
import { creditBalance } from "../services/creditLedger";
import { useCreditsOnce } from "./legacyCredits";
import { applyBillingEvent, type ProviderEvent } from "./billingEvents";
import { currentSubscription, purchaseRows, spentPerDay, usageCsv, usageRows } from "./billingQueries";
import type { BillingProvider } from "./provider";
import { SESSION_PLACEHOLDER } from "./provider";
import { fillMissingReceipts, fillReceipt } from "./billingReceipts";
import { cancelTestCheckout, completeTestCheckout, openTestSession, testPortalEvents, testReceipt } from "./testProvider";
import { refuseDeepJson } from "../http/jsonBody";

/** How long a history read waits for receipts still being asked for (the provider's own time-out is 4 s). */
const RECEIPT_WAIT_MS = 1_500;
const billingNotSetUp = () => notConfigured(BILLING_MESSAGES.notConfigured);
const sessionParams = z.object({ id: z.string().min(1).max(100) });

export function registerBillingRoutes(app: FastifyInstance, db: Db, provider: BillingProvider | null) {
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.headers.host ?? "localhost"}`;
  /** One provider event, then the receipt of the purchase it recorded, asked only once the grant is committed. */
  const applyEvent = async (activeProvider: BillingProvider, event: ProviderEvent) => {
    const outcome = await applyBillingEvent(db, activeProvider.name, event);
    if (outcome.purchaseId) await fillReceipt(db, activeProvider, outcome.purchaseId, app.log);
    return outcome;
  };
  const applyAll = async (events: ProviderEvent[]) => {
    for (const e of events) await applyEvent(provider!, e);
  };
  /**
   * Stripe's webhook is answered as soon as the event is applied: its receipt is asked for afterwards (up to
   * the provider's 4 s time-out), so a slow Stripe never holds the answer and makes Stripe deliver again.
   * The server waits for those still under way when it closes.
   */
  const receiptsAfterAnswer = new Set<Promise<void>>();
  const receiptAfterAnswer = (activeProvider: BillingProvider, purchaseId: string) => {
    const pending = fillReceipt(db, activeProvider, purchaseId, app.log)
      .catch((err: unknown) => app.log.warn({ err, purchaseId }, "could not fill a purchase's receipt"))
      .finally(() => receiptsAfterAnswer.delete(pending));
    receiptsAfterAnswer.add(pending);
  };
  app.addHook("onClose", async () => {
    await Promise.allSettled([...receiptsAfterAnswer]);
  });

  /** Starts a checkout for one catalog item; refuses a plan the user already has. */
  const startCheckout = async (request: FastifyRequest, item: CatalogItem | null) => {
    const caller = requireUser(request);
    if (!item) throw badRequest(BILLING_MESSAGES.unknownPrice);
    if (!provider) throw billingNotSetUp();
    if (item.kind === "plan") {
      const current = await currentSubscription(db, caller.id);
      if (current && current.planId === item.plan.id && current.interval === item.interval) throw conflict(alreadyOnPlan(current.planName));
      if (current) throw conflict(alreadySubscribed(current.planName));
    }
    const customerId = await provider.customerFor(caller);
    const base = origin(request);
    return provider.checkout({
      user: caller,
      customerId,
      item,
      successUrl: `${base}/?payment=success&session_id=${SESSION_PLACEHOLDER}`,
      cancelUrl: `${base}/?payment=cancelled`,
    });
  };

  const openPortal = async (request: FastifyRequest) => {
    const caller = requireUser(request);
    if (!provider) throw billingNotSetUp();
    const customerId = await provider.customerFor(caller);
    return provider.portal({ customerId, returnUrl: `${origin(request)}/billing` });
  };

  app.get("/api/billing/config", async () => ({ provider: provider?.name ?? "none", testMode: provider?.testMode ?? false }));

  app.post("/api/billing/checkout", async (request) => {
    const { priceId } = parse(checkoutRequestSchema, request.body ?? {});
    return startCheckout(request, catalogItem(priceId));
  });

  app.post("/api/billing/portal", async (request) => openPortal(request));

  app.get("/api/billing/summary", async (request): Promise<BillingSummary> => {
    const caller = requireUser(request);
    const [balance, subscription, spent] = await Promise.all([
      creditBalance(db, caller.id),
      currentSubscription(db, caller.id),
      spentPerDay(db, caller.id),
    ]);
    return { provider: provider?.name ?? "none", testMode: provider?.testMode ?? false, balance, subscription, spentPerDay: spent };
  });

  /** The usage list, paged; `?format=csv` downloads every run. */
  app.get("/api/billing/usage", async (request, reply) => {
    const caller = requireUser(request);
    const query = request.query as Record<string, unknown>;
    if (query.format === "csv") {
      const rows = await usageRows(db, caller.id, 100_000, 0);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="reelgraph-usage.csv"')
        .send(usageCsv(rows));
    }
    const { limit, offset } = parse(listQuerySchema, { limit: query.limit, offset: query.offset });
    const usage = await usageRows(db, caller.id, limit + 1, offset);
    return { usage: usage.slice(0, limit), hasMore: usage.length > limit };
  });

  app.get("/api/billing/history", async (request) => {
    const caller = requireUser(request);
    const { limit, offset } = parse(listQuerySchema, request.query ?? {});
    // Receipts the provider could not be asked for at purchase time (it was down) are asked for here; the
    // page waits for them at most RECEIPT_WAIT_MS, and a slower answer is kept for the next read.
    if (provider)
      await Promise.race([fillMissingReceipts(db, provider, caller.id, request.log), new Promise((r) => setTimeout(r, RECEIPT_WAIT_MS))]);
    return { history: await purchaseRows(db, caller.id, limit, offset) };
  });

  // --- the payment provider's webhook: the raw body, for the signature ---------------------------------
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    // The raw bytes are what the signature covers; the text rule is applied to the parsed event here.
    scope.post("/api/billing/webhook", { config: { textRule: "per-item" } }, async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest(BILLING_MESSAGES.badSignature);
      const text = raw.toString("utf8");
      // Checked before parsing, as every other JSON body is (http/jsonBody.ts).
      refuseDeepJson(text);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest("The webhook body is not JSON");
      }
      parse(z.unknown(), parsed);
      if (!provider || provider.name !== "stripe") throw billingNotSetUp();
      let event: ProviderEvent;
      try {
        event = provider.verifyWebhook(raw, request.headers["stripe-signature"] as string | undefined);
      } catch {
        throw badRequest(BILLING_MESSAGES.badSignature);
      }
      const outcome = await applyBillingEvent(db, provider.name, event);
      if (outcome.purchaseId) receiptAfterAnswer(provider, outcome.purchaseId);
      return { received: true, handled: outcome.handled };
    });
  });

  // --- the test provider's checkout and portal pages -----------------------------------------------------
  const testOnly = () => {
    if (provider?.name !== "test") throw billingNotSetUp();
  };
  app.get("/api/billing/test/checkout/:id", async (request) => {
    testOnly();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    const { item, status } = await openTestSession(db, caller.id, id);
    return {
      id,
      status,
      name: item.name,
      kind: item.kind,
      amountCents: item.amountCents,
      credits: item.credits,
      interval: item.kind === "plan" ? item.interval : null,
    };
  });
  app.post("/api/billing/test/checkout/:id/complete", async (request) => {
    testOnly();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    await applyAll(await completeTestCheckout(db, caller.id, id));
    return { redirect: `/?payment=success&session_id=${encodeURIComponent(id)}` };
  });
  app.post("/api/billing/test/checkout/:id/cancel", async (request) => {
    testOnly();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    await cancelTestCheckout(db, caller.id, id);
    return { redirect: "/?payment=cancelled" };
  });
  app.get("/api/billing/test/receipt/:id", async (request): Promise<TestReceipt> => {
    testOnly();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    return testReceipt(db, caller.id, id);
  });
  app.post("/api/billing/test/portal", async (request) => {
    testOnly();
    const caller = requireUser(request);
    const action = parse(testPortalActionSchema, request.body ?? {});
    await applyAll(await testPortalEvents(db, caller.id, action));
    return { subscription: await currentSubscription(db, caller.id) };
  });

  // --- the older billing client's calls (spec: shell 7) --------------------------------------------------
  app.get("/api/users/credits", async (request) => ({ current_credits: await creditBalance(db, requireUser(request).id) }));

  app.post("/api/billing/use-credits", async (request) => {
    const caller = requireUser(request);
    const body = parse(useCreditsSchema, request.body ?? {});
    const result = await useCreditsOnce(db, caller.id, body);
    if (!result) throw insufficientCredits();
    return { success: true, new_balance: result.newBalance, transaction_id: result.transactionId };
  });

  app.get("/api/subscriptions/current/", async (request) => ({ subscription: await currentSubscription(db, requireUser(request).id) }));

  app.post("/api/subscriptions/", async (request) => {
    const body = parse(legacySubscriptionSchema, request.body ?? {});
    const plan = PLANS.find((p) => p.id === body.tier);
    const session = await startCheckout(request, plan ? catalogItem(planPriceId(plan.id, body.billing_interval)) : null);
    return { checkout_url: session.url, requires_payment_method: true };
  });

  app.post("/api/checkout", async (request) => {
    const { price_id } = parse(legacyCheckoutSchema, request.body ?? {});
    return { checkout_url: (await startCheckout(request, catalogItem(price_id))).url };
  });

  app.post("/api/billing/create-portal-session", async (request) => ({ url: (await openPortal(request)).url }));

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
