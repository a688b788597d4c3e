/**
 * The built-in test provider (offline, no account): its checkout, portal and receipts are pages of the studio
 * marked TEST MODE. Completing them produces the events Stripe would send, in Stripe's shapes, and they go through
 * the same grant code (billingEvents.ts). Off in production with BILLING_TEST_PROVIDER=off.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { catalogItem, type CatalogItem } from "../../domain/billing/catalog";
import type { Db } from "../db/client";
import { billingCustomers, billingPurchases, billingSubscriptions, billingTestSessions } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { BILLING_MESSAGES, type TestReceipt } from "../../domain/billing/api";
import type { ProviderEvent } from "./billingEvents";
import type { BillingProvider } from "./provider";

const DAY = 86_400;
const seconds = () => Math.floor(Date.now() / 1000);
const periodSeconds = (interval: "monthly" | "yearly") => (interval === "yearly" ? 365 : 30) * DAY;

/** The studio's TEST MODE receipt page of a purchase (a pack's checkout or a plan's invoice). */
const testReceiptPath = (purchaseId: string) => `/billing/test/receipt/${encodeURIComponent(purchaseId)}`;

function event(type: string, object: unknown, created = seconds()): ProviderEvent {
  return { id: `evt_test_${randomUUID()}`, type, created, data: { object } };
}

export function testProvider(db: Db): BillingProvider {
  return {
    name: "test",
    testMode: true,
    async customerFor(user) {
      await db
        .insert(billingCustomers)
        .values({ userId: user.id, provider: "test", customerId: `cus_test_${randomUUID()}` })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, "test")));
      return row!.customerId;
    },
    async checkout({ user, item }) {
      const id = `cs_test_${randomUUID()}`;
      await db.insert(billingTestSessions).values({ id, userId: user.id, priceId: item.priceId });
      return { url: `/billing/test/checkout/${id}`, sessionId: id };
    },
    async portal() {
      return { url: "/billing/test/portal" };
    },
    async receiptUrl({ id }) {
      return testReceiptPath(id);
    },
    verifyWebhook() {
      throw badRequest("The test provider sends no webhooks");
    },
  };
}

/** An open test checkout of the user, with what it sells. */
export async function openTestSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<{ id: string; item: CatalogItem; status: string }> {
  const [row] = await db
    .select()
    .from(billingTestSessions)
    .where(and(eq(billingTestSessions.id, sessionId), eq(billingTestSessions.userId, userId)));
  const item = row ? catalogItem(row.priceId) : null;
  if (!row || !item) throw notFound("Checkout not found");
  return { id: row.id, item, status: row.status };
}

/** Pays a test checkout: the events Stripe sends for it (a pack's completion; a plan's subscription and first invoice). */
export async function completeTestCheckout(db: Db, userId: string, sessionId: string): Promise<ProviderEvent[]> {
  const { item } = await openTestSession(db, userId, sessionId);
  const claimed = await db
    .update(billingTestSessions)
    .set({ status: "complete" })
    .where(and(eq(billingTestSessions.id, sessionId), eq(billingTestSessions.status, "open")))
    .returning();
  if (claimed.length === 0) throw conflict(BILLING_MESSAGES.sessionGone);
  const [customer] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, "test")));
  const metadata = { userId, priceId: item.priceId };
  const paymentIntent = `pi_test_${randomUUID()}`;
  if (item.kind === "pack") {
    return [
      event("checkout.session.completed", {
        id: sessionId,
        mode: "payment",
        payment_status: "paid",
        customer: customer?.customerId,
        client_reference_id: userId,
        metadata,
        payment_intent: paymentIntent,
        amount_total: item.amountCents,
      }),
    ];
  }
  const subscriptionId = `sub_test_${randomUUID()}`;
  const now = seconds();
  const subscription = {
    id: subscriptionId,
    customer: customer?.customerId,
    status: "active",
    cancel_at_period_end: false,
    metadata,
    items: {
      data: [
        {
          current_period_end: now + periodSeconds(item.interval),
          price: { unit_amount: item.amountCents, recurring: { interval: item.interval === "yearly" ? "year" : "month" } },
        },
      ],
    },
  };
  return [
    event(
      "checkout.session.completed",
      {
        id: sessionId,
        mode: "subscription",
        customer: customer?.customerId,
        client_reference_id: userId,
        metadata,
        subscription: subscriptionId,
      },
      now,
    ),
    event("customer.subscription.created", subscription, now),
    event("invoice.paid", testInvoice(customer?.customerId, subscriptionId, metadata, item.amountCents), now),
  ];
}

export async function cancelTestCheckout(db: Db, userId: string, sessionId: string): Promise<void> {
  await openTestSession(db, userId, sessionId);
  await db
    .update(billingTestSessions)
    .set({ status: "expired" })
    .where(and(eq(billingTestSessions.id, sessionId), eq(billingTestSessions.status, "open")));
}

function testInvoice(customer: string | undefined, subscriptionId: string, metadata: { userId: string; priceId: string }, amount: number) {
  const id = `in_test_${randomUUID()}`;
  return {
    id,
    customer,
    amount_paid: amount,
    charge: `ch_test_${randomUUID()}`,
    hosted_invoice_url: testReceiptPath(id),
    parent: { subscription_details: { subscription: subscriptionId, metadata } },
  };
}

/** A test-provider purchase of the user's, as its receipt page shows it. */
export async function testReceipt(db: Db, userId: string, purchaseId: string): Promise<TestReceipt> {
  const [row] = await db
    .select()
    .from(billingPurchases)
    .where(and(eq(billingPurchases.id, purchaseId), eq(billingPurchases.userId, userId), eq(billingPurchases.provider, "test")));
  if (!row) throw notFound(BILLING_MESSAGES.receiptNotFound);
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    amountCents: row.amountCents,
    credits: row.credits,
    refundedCents: row.refundedCents,
    paymentRef: row.paymentRef,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's live subscription with the test provider. */
async function liveTestSubscription(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(eq(billingSubscriptions.userId, userId), eq(billingSubscriptions.provider, "test"), ne(billingSubscriptions.status, "canceled")),
    )
    .orderBy(desc(billingSubscriptions.updatedAt))
    .limit(1);
  if (!row) throw notFound(BILLING_MESSAGES.noSubscription);
  return row;
}

export type TestPortalAction = { action: "cancel" } | { action: "resume" } | { action: "renew" } | { action: "change"; priceId: string };

/**
 * The test portal's actions as Stripe's events: cancel at period end or resume (subscription updated),
 * renew (TEST MODE: the next period's invoice is paid now), change plan (updated, and the new plan's
 * invoice paid at once).
 */
export async function testPortalEvents(db: Db, userId: string, request: TestPortalAction): Promise<ProviderEvent[]> {
  const sub = await liveTestSubscription(db, userId);
  const [customer] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, "test")));
  const current = catalogItem(`plan:${sub.planId}:${sub.interval}`);
  const target = request.action === "change" ? catalogItem(request.priceId) : current;
  if (!target || target.kind !== "plan") throw badRequest(BILLING_MESSAGES.unknownPrice);
  if (request.action === "change" && target.priceId === current?.priceId) throw conflict(`You are already on the ${target.name}.`);
  const metadata = { userId, priceId: target.priceId };
  const now = seconds();
  const periodEnd =
    request.action === "renew" || request.action === "change"
      ? now + periodSeconds(target.interval)
      : Math.floor((sub.currentPeriodEnd?.getTime() ?? Date.now()) / 1000);
  const updated = {
    id: sub.id,
    customer: customer?.customerId,
    status: "active",
    cancel_at_period_end: request.action === "cancel" ? true : request.action === "resume" ? false : sub.cancelAtPeriodEnd,
    metadata,
    items: {
      data: [
        {
          current_period_end: periodEnd,
          price: { unit_amount: target.amountCents, recurring: { interval: target.interval === "yearly" ? "year" : "month" } },
        },
      ],
    },
  };
  const events = [event("customer.subscription.updated", updated, now)];
  if (request.action === "renew" || request.action === "change")
    events.push(event("invoice.paid", testInvoice(customer?.customerId, sub.id, metadata, target.amountCents), now));
  return events;
}
