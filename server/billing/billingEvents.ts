/**
 * The one place billing moves credits: a payment provider's event (Stripe's, or the built-in test
 * provider's, which sends the same shapes) becomes ledger rows and the mirrored subscription and purchase.
 * Every grant and refund is keyed by the provider's checkout, invoice or charge, so an event delivered five
 * times, or after a later one, moves credits once. Amounts and credits come from the catalog by
 * the price id the server put in the checkout's metadata, never from the event's client.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { catalogItem, planById, type BillingInterval } from "../../domain/billing/catalog";
import type { Db } from "../db/client";
import { billingCustomers, billingPurchases, billingSubscriptions } from "../db/schema";
import { recordCreditMovement } from "../services/creditLedger";

export type ProviderName = "stripe" | "test";

/** The fields of Stripe's event objects this code reads (Stripe API 2025+ shapes, with older fallbacks). */
interface Metadata {
  userId?: string;
  priceId?: string;
}
interface CheckoutSession {
  id: string;
  mode: "payment" | "subscription" | "setup";
  customer?: string | null;
  client_reference_id?: string | null;
  metadata?: Metadata | null;
  payment_intent?: string | null;
  subscription?: string | null;
  amount_total?: number | null;
  payment_status?: string;
}
interface Invoice {
  id: string;
  customer?: string | null;
  amount_paid?: number;
  hosted_invoice_url?: string | null;
  charge?: string | null;
  payment_intent?: string | null;
  subscription?: string | null;
  subscription_details?: { metadata?: Metadata | null } | null;
  parent?: { subscription_details?: { subscription?: string | null; metadata?: Metadata | null } | null } | null;
  lines?: { data?: { metadata?: Metadata | null; period?: { end?: number } }[] };
}
interface Subscription {
  id: string;
  customer?: string | null;
  status: string;
  cancel_at_period_end?: boolean;
  current_period_end?: number;
  metadata?: Metadata | null;
  items?: { data?: { current_period_end?: number; price?: { unit_amount?: number | null; recurring?: { interval?: string } | null } }[] };
}
interface Charge {
  id: string;
  payment_intent?: string | null;
  invoice?: string | null;
  amount?: number;
  amount_refunded?: number;
  receipt_url?: string | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since 1970. */
  created: number;
  data: { object: unknown };
}

export interface EventOutcome {
  /** False for events this code does not act on, or that name no known user or price. */
  handled: boolean;
  /** The purchase the event recorded: its receipt, if the event carried none, is asked of the provider after. */
  purchaseId?: string;
}

const grantKey = {
  checkout: (sessionId: string) => `billing:checkout:${sessionId}`,
  invoice: (invoiceId: string) => `billing:invoice:${invoiceId}`,
  refund: (purchaseId: string, refundedCents: number) => `billing:refund:${purchaseId}:${refundedCents}`,
};

/** Applies one provider event; events it does not know are acknowledged and ignored. */
export async function applyBillingEvent(db: Db, provider: ProviderName, event: ProviderEvent): Promise<EventOutcome> {
  const object = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutCompleted(db, provider, object as CheckoutSession, event.created);
    case "invoice.paid":
      return invoicePaid(db, provider, object as Invoice);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionChanged(db, provider, object as Subscription, event.created, event.type.endsWith("deleted"));
    case "charge.refunded":
      return chargeRefunded(db, object as Charge);
    case "charge.succeeded":
    case "charge.updated":
      return chargeReceipt(db, provider, object as Charge);
    default:
      return { handled: false };
  }
}

async function userOfCustomer(db: Db, provider: ProviderName, customerId: string | null | undefined): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId)));
  return row?.userId ?? null;
}

async function checkoutCompleted(db: Db, provider: ProviderName, session: CheckoutSession, created: number): Promise<EventOutcome> {
  const userId = session.metadata?.userId ?? session.client_reference_id ?? (await userOfCustomer(db, provider, session.customer));
  const item = catalogItem(session.metadata?.priceId ?? "");
  if (!userId || !item) return { handled: false };
  if (item.kind === "pack") {
    // Paid packs only: an asynchronous payment completes later (its own event).
    if (session.payment_status && session.payment_status !== "paid") return { handled: false };
    await db.transaction(async (t) => {
      await t
        .insert(billingPurchases)
        .values({
          id: session.id,
          provider,
          userId,
          kind: "pack",
          priceId: item.priceId,
          description: item.name,
          amountCents: item.amountCents,
          credits: item.credits,
          paymentRef: session.payment_intent ?? null,
        })
        .onConflictDoNothing();
      await recordCreditMovement(t, {
        userId,
        delta: item.credits,
        reason: `pack ${item.pack.id}`,
        idempotencyKey: grantKey.checkout(session.id),
      });
    });
    return { handled: true, purchaseId: session.id };
  }
  // A plan: its credits come with each paid invoice; the subscription is recorded here too, in case its own
  // event comes later (or never, on an older webhook setup).
  if (session.subscription) {
    await upsertSubscription(db, {
      id: session.subscription,
      provider,
      userId,
      planId: item.plan.id,
      interval: item.interval,
      status: "active",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      eventCreated: created,
    });
  }
  return { handled: true };
}

/** The price id a subscription's invoice was bought under: the invoice's, else its subscription's metadata. */
function invoicePriceId(invoice: Invoice): string | undefined {
  return (
    invoice.parent?.subscription_details?.metadata?.priceId ??
    invoice.subscription_details?.metadata?.priceId ??
    invoice.lines?.data?.[0]?.metadata?.priceId
  );
}

async function invoicePaid(db: Db, provider: ProviderName, invoice: Invoice): Promise<EventOutcome> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
  const metadata = invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata;
  const [stored] = subscriptionId ? await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId)) : [];
  const userId = metadata?.userId ?? stored?.userId ?? (await userOfCustomer(db, provider, invoice.customer));
  // The plan the invoice is for: what the subscription is on now (an upgrade changes it), else the checkout's.
  const item = stored ? catalogItem(`plan:${stored.planId}:${stored.interval}`) : catalogItem(invoicePriceId(invoice) ?? "");
  if (!userId || !item || item.kind !== "plan") return { handled: false };
  await db.transaction(async (t) => {
    await t
      .insert(billingPurchases)
      .values({
        id: invoice.id,
        provider,
        userId,
        kind: "plan",
        priceId: item.priceId,
        description: item.name,
        amountCents: invoice.amount_paid ?? item.amountCents,
        credits: item.credits,
        paymentRef: invoice.charge ?? invoice.payment_intent ?? null,
        receiptUrl: invoice.hosted_invoice_url ?? null,
      })
      .onConflictDoNothing();
    await recordCreditMovement(t, {
      userId,
      delta: item.credits,
      reason: `plan ${item.plan.id} ${item.interval}`,
      idempotencyKey: grantKey.invoice(invoice.id),
    });
  });
  return { handled: true, purchaseId: invoice.id };
}

/** A subscription's plan: by the price id it was bought under, else by its price's amount and interval. */
function planOf(sub: Subscription): { planId: string; interval: BillingInterval } | null {
  const item = catalogItem(sub.metadata?.priceId ?? "");
  const price = sub.items?.data?.[0]?.price;
  const interval: BillingInterval | undefined =
    price?.recurring?.interval === "year" ? "yearly" : price?.recurring?.interval === "month" ? "monthly" : undefined;
  // A plan changed in the provider's portal has a new price: matched by amount and interval.
  if (interval && price?.unit_amount != null) {
    for (const id of ["indie", "studio", "production"]) {
      const candidate = catalogItem(`plan:${id}:${interval}`);
      if (candidate && candidate.amountCents === price.unit_amount) return { planId: id, interval };
    }
  }
  return item?.kind === "plan" ? { planId: item.plan.id, interval: item.interval } : null;
}

async function subscriptionChanged(
  db: Db,
  provider: ProviderName,
  sub: Subscription,
  created: number,
  deleted: boolean,
): Promise<EventOutcome> {
  const [stored] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
  const userId = sub.metadata?.userId ?? stored?.userId ?? (await userOfCustomer(db, provider, sub.customer));
  const plan = planOf(sub) ?? (stored ? { planId: stored.planId, interval: stored.interval as BillingInterval } : null);
  if (!userId || !plan || !planById(plan.planId)) return { handled: false };
  const periodEnd = sub.items?.data?.[0]?.current_period_end ?? sub.current_period_end;
  await upsertSubscription(db, {
    id: sub.id,
    provider,
    userId,
    planId: plan.planId,
    interval: plan.interval,
    status: deleted ? "canceled" : sub.status,
    cancelAtPeriodEnd: deleted ? false : (sub.cancel_at_period_end ?? false),
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    eventCreated: created,
  });
  return { handled: true };
}

type SubscriptionRow = typeof billingSubscriptions.$inferInsert;

/** Writes the subscription unless a newer event already did (webhooks arrive out of order); a cancel is final. */
async function upsertSubscription(db: Db, row: SubscriptionRow & { eventCreated: number }) {
  await db
    .insert(billingSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: billingSubscriptions.id,
      set: {
        planId: row.planId,
        interval: row.interval,
        status: row.status,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        // A checkout's row knows no period end: it keeps the one a subscription event wrote.
        currentPeriodEnd: row.currentPeriodEnd ?? sql`${billingSubscriptions.currentPeriodEnd}`,
        eventCreated: row.eventCreated,
        updatedAt: new Date(),
      },
      setWhere: sql`${billingSubscriptions.eventCreated} <= ${row.eventCreated} and ${billingSubscriptions.status} <> 'canceled'`,
    });
}

/**
 * A refund takes back the credits of the part refunded. Stripe reports the charge's refunded total, so a
 * second partial refund takes only the difference; the key (purchase, refunded total) makes a replay a no-op.
 */
async function chargeRefunded(db: Db, charge: Charge): Promise<EventOutcome> {
  const refs = [charge.id, charge.payment_intent, charge.invoice].filter((r): r is string => Boolean(r));
  return db.transaction(async (t) => {
    const [purchase] = await t
      .select()
      .from(billingPurchases)
      .where(
        sql`${billingPurchases.paymentRef} in (${sql.join(
          refs.map((r) => sql`${r}`),
          sql`, `,
        )}) or ${billingPurchases.id} in (${sql.join(
          refs.map((r) => sql`${r}`),
          sql`, `,
        )})`,
      )
      .for("update");
    const refunded = charge.amount_refunded ?? 0;
    if (!purchase || refunded <= purchase.refundedCents || purchase.amountCents <= 0) return { handled: false };
    const creditsFor = (cents: number) => Math.round((purchase.credits * Math.min(cents, purchase.amountCents)) / purchase.amountCents);
    const delta = creditsFor(refunded) - creditsFor(purchase.refundedCents);
    await t.update(billingPurchases).set({ refundedCents: refunded }).where(eq(billingPurchases.id, purchase.id));
    await recordCreditMovement(t, {
      userId: purchase.userId,
      delta: -delta,
      reason: "refund",
      idempotencyKey: grantKey.refund(purchase.id, refunded),
    });
    return { handled: true };
  });
}

/**
 * A charge's receipt for the purchase it paid, when the purchase has none yet (a pack's checkout event
 * carries no receipt, and asking Stripe for it may have failed). Moves no credits.
 */
async function chargeReceipt(db: Db, provider: ProviderName, charge: Charge): Promise<EventOutcome> {
  const refs = [charge.id, charge.payment_intent].filter((r): r is string => Boolean(r));
  if (!charge.receipt_url || refs.length === 0) return { handled: false };
  const filled = await db
    .update(billingPurchases)
    .set({ receiptUrl: charge.receipt_url })
    .where(and(eq(billingPurchases.provider, provider), isNull(billingPurchases.receiptUrl), inArray(billingPurchases.paymentRef, refs)))
    .returning({ id: billingPurchases.id });
  return { handled: filled.length > 0 };
}
