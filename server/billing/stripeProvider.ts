import Stripe from "stripe";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingCustomers } from "../db/schema";
import type { ProviderEvent } from "./billingEvents";
import type { BillingProvider } from "./provider";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible API elsewhere (contract tests run a local fake): `http://127.0.0.1:12111`. */
  apiBase?: string;
}

const RECEIPT_TIMEOUT_MS = 4_000;

/** Stripe: Checkout Sessions priced from our catalog (price_data), Billing Portal sessions, signed webhooks, receipts. */
export function stripeProvider(db: Db, settings: StripeSettings): BillingProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 10_000,
  });
  return {
    name: "stripe",
    testMode: settings.secretKey.startsWith("sk_test_"),
    async customerFor(user) {
      const [row] = await db
        .select()
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, "stripe")));
      if (row) return row.customerId;
      // Keyed by user so two checkouts started at once create one customer.
      const customer = await stripe.customers.create(
        { email: user.email, metadata: { userId: user.id } },
        { idempotencyKey: `customer:${user.id}` },
      );
      await db.insert(billingCustomers).values({ userId: user.id, provider: "stripe", customerId: customer.id }).onConflictDoNothing();
      const [kept] = await db
        .select()
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, "stripe")));
      return kept!.customerId;
    },
    async checkout({ user, customerId, item, successUrl, cancelUrl }) {
      const metadata = { userId: user.id, priceId: item.priceId };
      const session = await stripe.checkout.sessions.create({
        mode: item.kind === "plan" ? "subscription" : "payment",
        customer: customerId,
        client_reference_id: user.id,
        metadata,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: item.amountCents,
              product_data: { name: item.name },
              ...(item.kind === "plan" ? { recurring: { interval: item.interval === "yearly" ? "year" : "month" } } : {}),
            },
          },
        ],
        ...(item.kind === "plan" ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { url: session.url, sessionId: session.id };
    },
    async portal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },
    async receiptUrl({ paymentRef }) {
      // Short and unretried: a receipt is never worth holding a webhook or a page for; it is asked again later.
      const options = { timeout: RECEIPT_TIMEOUT_MS, maxNetworkRetries: 0 };
      // A Checkout payment's receipt is on its PaymentIntent's latest charge (API 2022-11-15 on).
      if (paymentRef.startsWith("pi_")) {
        const intent = await stripe.paymentIntents.retrieve(paymentRef, { expand: ["latest_charge"] }, options);
        const charge = intent.latest_charge;
        return charge && typeof charge === "object" ? (charge.receipt_url ?? null) : null;
      }
      if (paymentRef.startsWith("ch_")) return (await stripe.charges.retrieve(paymentRef, {}, options)).receipt_url ?? null;
      return null;
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret) as unknown as ProviderEvent;
    },
  };
}
