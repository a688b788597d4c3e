/**
 * What the billing routes ask for, with the checks inside: a provider must be set up to check out or open
 * the portal (and must be Stripe for its webhook, the test provider for its own pages), a plan the user
 * already has is refused, and every read and spend is the caller's own.
 */
import type { FastifyBaseLogger } from "fastify";
import { alreadyOnPlan, alreadySubscribed, BILLING_MESSAGES, type BillingSummary } from "../../domain/billing/api";
import type { CatalogItem } from "../../domain/billing/catalog";
import type { Db } from "../db/client";
import { badRequest, conflict, insufficientCredits, notConfigured } from "../errors";
import { creditBalance } from "../services/creditLedger";
import type { ProviderEvent } from "./billingEvents";
import { currentSubscription, purchaseRows, spentPerDay, usageRows } from "./billingQueries";
import type { BillingReceiptTasks } from "./billingReceiptTasks";
import { fillMissingReceipts } from "./billingReceipts";
import { useCreditsOnce } from "./legacyCredits";
import { type BillingProvider, type BillingUser, SESSION_PLACEHOLDER } from "./provider";
import { testProviderPages } from "./testProviderPages";

/** How long a history read waits for receipts still being asked for (the provider's own time-out is 4 s). */
const RECEIPT_WAIT_MS = 1_500;

export const billingNotSetUp = () => notConfigured(BILLING_MESSAGES.notConfigured);

export function billingService(db: Db, provider: BillingProvider | null, receipts: BillingReceiptTasks) {
  const configured = () => {
    if (!provider) throw billingNotSetUp();
    return provider;
  };

  const config = () => ({ provider: provider?.name ?? ("none" as const), testMode: provider?.testMode ?? false });

  return {
    config,

    /** Starts a checkout for one catalog item (`origin` is where the user comes back to); refuses a plan the user already has. */
    async checkout(caller: BillingUser, item: CatalogItem | null, origin: string) {
      if (!item) throw badRequest(BILLING_MESSAGES.unknownPrice);
      const active = configured();
      if (item.kind === "plan") {
        const current = await currentSubscription(db, caller.id);
        if (current && current.planId === item.plan.id && current.interval === item.interval)
          throw conflict(alreadyOnPlan(current.planName));
        if (current) throw conflict(alreadySubscribed(current.planName));
      }
      const customerId = await active.customerFor(caller);
      return active.checkout({
        user: caller,
        customerId,
        item,
        successUrl: `${origin}/?payment=success&session_id=${SESSION_PLACEHOLDER}`,
        cancelUrl: `${origin}/?payment=cancelled`,
      });
    },

    /** The provider's portal, coming back to the Billing page. */
    async portal(caller: BillingUser, origin: string) {
      const active = configured();
      const customerId = await active.customerFor(caller);
      return active.portal({ customerId, returnUrl: `${origin}/billing` });
    },

    async summary(userId: string): Promise<BillingSummary> {
      const [balance, subscription, spent] = await Promise.all([
        creditBalance(db, userId),
        currentSubscription(db, userId),
        spentPerDay(db, userId),
      ]);
      return { ...config(), balance, subscription, spentPerDay: spent };
    },

    /** A page of the usage list, and whether there is more. */
    async usage(userId: string, limit: number, offset: number) {
      const usage = await usageRows(db, userId, limit + 1, offset);
      return { usage: usage.slice(0, limit), hasMore: usage.length > limit };
    },

    /** Every run, for the CSV download. */
    allUsage: (userId: string) => usageRows(db, userId, 100_000, 0),

    /**
     * A page of the purchase history. Receipts the provider could not be asked for at purchase time (it was
     * down) are asked for first; the page waits for them at most RECEIPT_WAIT_MS, and a slower answer is kept
     * for the next read.
     */
    async history(userId: string, limit: number, offset: number, log: FastifyBaseLogger) {
      if (provider)
        await Promise.race([fillMissingReceipts(db, provider, userId, log), new Promise((r) => setTimeout(r, RECEIPT_WAIT_MS))]);
      return purchaseRows(db, userId, limit, offset);
    },

    /** Stripe's webhook: the event its signature vouches for, applied; its receipt is asked for after the answer. */
    async webhook(raw: Buffer, signature: string | undefined) {
      if (!provider || provider.name !== "stripe") throw billingNotSetUp();
      let event: ProviderEvent;
      try {
        event = provider.verifyWebhook(raw, signature);
      } catch {
        throw badRequest(BILLING_MESSAGES.badSignature);
      }
      return receipts.applyThenAsk(provider, event);
    },

    /** The test provider's own pages; refused unless it is the studio's provider. */
    testPages() {
      if (provider?.name !== "test") throw billingNotSetUp();
      return testProviderPages(db, provider, receipts);
    },

    /** The older client's spend, once per session id; refused when the balance is short. */
    async useCredits(userId: string, body: { credits: number; operation_type: string; session_id: string }) {
      const result = await useCreditsOnce(db, userId, body);
      if (!result) throw insufficientCredits();
      return result;
    },

    subscription: (userId: string) => currentSubscription(db, userId),
    balance: (userId: string) => creditBalance(db, userId),
  };
}

export type BillingService = ReturnType<typeof billingService>;
