import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { catalogItem } from "../../domain/billing/catalog";
import { billingPurchases } from "../db/schema";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { startFakeStripe, type FakeStripe } from "./testing/fakeStripe";

const WEBHOOK_SECRET = "whsec_contract_test";
let stripe: FakeStripe;
let h: Harness;

beforeAll(async () => {
  stripe = await startFakeStripe();
  h = await createHarness({
    billingEnv: { STRIPE_SECRET_KEY: "sk_test_contract", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
  });
});
afterAll(async () => {
  await h.close();
  await stripe.close();
});

const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/users/credits")).body.current_credits as number;

async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const { payload, signature } = stripe.sign(event, secret);
  const res = await h.server.inject({
    method: "POST",
    url: "/api/billing/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** Every event delivered five times, in a shuffled order (Stripe retries, and does not promise order). */
async function deliverFiveTimesShuffled(events: Record<string, unknown>[]) {
  const all = events.flatMap((e) => [e, e, e, e, e]);
  let seed = 7;
  for (let i = all.length - 1; i > 0; i--) {
    seed = (seed * 16807) % 2147483647;
    const j = seed % (i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  for (const e of all) expect((await deliver(e)).status).toBe(200);
}

async function checkout(user: TestUser, priceId: string) {
  const res = await h.call(user, "POST", "/api/billing/checkout", { priceId });
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  return res.body.sessionId as string;
}

describe("Stripe (a local fake speaking its protocol; the real stripe package on our side)", () => {
  it("buys a pack: a Checkout Session priced from our catalog, one grant however often the webhook comes", async () => {
    const user = await h.signUp("Pack buyer");
    const start = await balance(user);
    const sessionId = await checkout(user, "pack:pack-20");
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "payment",
      client_reference_id: user.id,
      metadata: { userId: user.id, priceId: "pack:pack-20" },
      line_items: { "0": { price_data: { unit_amount: "2000", currency: "usd" } } },
    });
    expect(String(session.success_url)).toMatch(/\/\?payment=success&session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(String(session.cancel_url)).toMatch(/\/\?payment=cancelled$/);
    await deliverFiveTimesShuffled(stripe.pay(sessionId));
    expect(await balance(user)).toBe(start + 20_000);
    const history = (await h.call(user, "GET", "/api/billing/history?limit=50")).body.history;
    expect(history).toEqual([expect.objectContaining({ kind: "pack", amountCents: 2000, credits: 20_000, refundedCents: 0 })]);
  });

  it("shows a pack's receipt: its PaymentIntent's latest charge, asked of Stripe once however often the webhook comes", async () => {
    const user = await h.signUp("Receipt keeper");
    const start = await balance(user);
    const sessionId = await checkout(user, "pack:pack-5");
    const paid = stripe.pay(sessionId);
    const intent = String(stripe.sessions.get(sessionId)!.payment_intent);
    await deliverFiveTimesShuffled(paid);
    expect(await balance(user)).toBe(start + 5_000);
    const [row] = (await h.call(user, "GET", "/api/billing/history")).body.history;
    expect(row).toMatchObject({
      id: sessionId,
      kind: "pack",
      credits: 5_000,
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/receipts\/payment\/\S+$/),
    });
    expect(stripe.calls.filter((c) => c.includes(intent))).toEqual([`GET /v1/payment_intents/${intent}?expand[0]=latest_charge`]);
  });

  it("answers the webhook without waiting for a slow Stripe: the receipt comes after, asked for once", async () => {
    const user = await h.signUp("Patient buyer");
    const sessionId = await checkout(user, "pack:pack-5");
    const [completed] = stripe.pay(sessionId);
    const intent = String(stripe.sessions.get(sessionId)!.payment_intent);
    stripe.slowReads(2_500);
    try {
      const sent = performance.now();
      expect(await deliver(completed!)).toMatchObject({ status: 200, body: { handled: true } });
      expect(await deliver(completed!)).toMatchObject({ status: 200, body: { handled: true } }); // Stripe delivers again
      expect(performance.now() - sent).toBeLessThan(1_500); // not held for the 2.5 s receipt question
      const soon = (await h.call(user, "GET", "/api/billing/history")).body.history;
      expect(soon).toEqual([expect.objectContaining({ id: sessionId, credits: 5_000, receiptUrl: null })]); // waited 1.5 s at most
      await expect
        .poll(async () => (await h.call(user, "GET", "/api/billing/history")).body.history[0].receiptUrl, { timeout: 5_000 })
        .toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    } finally {
      stripe.slowReads(0);
    }
    expect(stripe.calls.filter((c) => c.includes(intent))).toEqual([`GET /v1/payment_intents/${intent}?expand[0]=latest_charge`]);
  });

  it("Stripe down when a pack is paid: the credits come once, and the receipt when the history is next read", async () => {
    const user = await h.signUp("Unlucky buyer");
    const start = await balance(user);
    const sessionId = await checkout(user, "pack:pack-20");
    const [completed] = stripe.pay(sessionId);
    stripe.failReads(true);
    try {
      await deliverFiveTimesShuffled([completed!]);
      expect(await balance(user)).toBe(start + 20_000);
      const whileDown = await h.call(user, "GET", "/api/billing/history");
      expect(whileDown.status).toBe(200);
      expect(whileDown.body.history).toEqual([expect.objectContaining({ id: sessionId, credits: 20_000, receiptUrl: null })]);
    } finally {
      stripe.failReads(false);
    }
    const [row] = (await h.call(user, "GET", "/api/billing/history")).body.history;
    expect(row.receiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\/payment\//);
    // A late replay after the receipt came grants nothing more and keeps the receipt.
    expect(await deliver(completed!)).toMatchObject({ status: 200, body: { handled: true } });
    expect(await balance(user)).toBe(start + 20_000);
    expect((await h.call(user, "GET", "/api/billing/history")).body.history).toEqual([
      expect.objectContaining({ credits: 20_000, receiptUrl: row.receiptUrl }),
    ]);
  });

  it("a charge.succeeded brings the receipt of a pack Stripe could not be asked about, and moves no credits", async () => {
    const user = await h.signUp("Charge watcher");
    const start = await balance(user);
    const sessionId = await checkout(user, "pack:pack-5");
    const [completed] = stripe.pay(sessionId);
    const [charge] = stripe.chargeSucceeded(sessionId);
    stripe.failReads(true);
    try {
      expect((await deliver(completed!)).status).toBe(200);
      expect(await deliver(charge!)).toMatchObject({ status: 200, body: { handled: true } });
      expect(await deliver(charge!)).toMatchObject({ status: 200, body: { handled: false } });
      const [row] = (await h.call(user, "GET", "/api/billing/history")).body.history;
      expect(row.receiptUrl).toBe((charge!.data as { object: { receipt_url: string } }).object.receipt_url);
    } finally {
      stripe.failReads(false);
    }
    expect(await balance(user)).toBe(start + 5_000);
  });

  it("subscribes, renews twice, upgrades, cancels, and is refunded: exactly one grant per invoice, in any order", async () => {
    const user = await h.signUp("Subscriber");
    const start = await balance(user);
    const indie = catalogItem("plan:indie:monthly")!;
    const studio = catalogItem("plan:studio:monthly")!;
    const sessionId = await checkout(user, "plan:indie:monthly");
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      mode: "subscription",
      subscription_data: { metadata: { priceId: "plan:indie:monthly" } },
    });
    const paid = stripe.pay(sessionId);
    const subscriptionId = String((paid[0]!.data as { object: { subscription: string } }).object.subscription);
    const renewals = [...stripe.renew(subscriptionId), ...stripe.renew(subscriptionId)];
    await deliverFiveTimesShuffled([...paid, ...renewals]);
    expect(await balance(user)).toBe(start + 3 * indie.credits);
    expect((await h.call(user, "GET", "/api/subscriptions/current/")).body.subscription).toMatchObject({
      planId: "indie",
      interval: "monthly",
      status: "active",
      cancelAtPeriodEnd: false,
    });

    // A second checkout for the plan it has is refused, saying so.
    const again = await h.call(user, "POST", "/api/billing/checkout", { priceId: "plan:indie:monthly" });
    expect(again).toMatchObject({ status: 409, body: { error: "You are already on the Indie plan." } });

    // Upgraded in the portal: the subscription follows the new price; its invoice grants the new plan's credits.
    await deliverFiveTimesShuffled(stripe.changePlan(subscriptionId, studio.amountCents, "month"));
    expect(await balance(user)).toBe(start + 3 * indie.credits + studio.credits);
    expect((await h.call(user, "GET", "/api/billing/summary")).body.subscription).toMatchObject({ planId: "studio" });

    await deliverFiveTimesShuffled(stripe.cancelAtPeriodEnd(subscriptionId));
    expect((await h.call(user, "GET", "/api/subscriptions/current/")).body.subscription).toMatchObject({
      planId: "studio",
      cancelAtPeriodEnd: true,
    });
    const ended = stripe.end(subscriptionId);
    // The end, then a late 'updated' from before it: the cancellation stands.
    await deliverFiveTimesShuffled([
      ...ended,
      ...stripe.cancelAtPeriodEnd(subscriptionId).map((e) => ({ ...e, created: Number(e.created) - 60 })),
    ]);
    expect((await h.call(user, "GET", "/api/subscriptions/current/")).body.subscription).toBeNull();

    // A refund of half the upgrade's invoice takes back half its credits, once.
    const history = (await h.call(user, "GET", "/api/billing/history?limit=50")).body.history as {
      id: string;
      credits: number;
      amountCents: number;
    }[];
    expect(history).toHaveLength(4);
    const before = await balance(user);
    const [upgrade] = await h.database.db
      .select()
      .from(billingPurchases)
      .where(and(eq(billingPurchases.userId, user.id), eq(billingPurchases.credits, studio.credits)));
    expect(upgrade?.paymentRef).toMatch(/^ch_/);
    await deliverFiveTimesShuffled(stripe.refund(upgrade!.paymentRef!, studio.amountCents / 2));
    expect(await balance(user)).toBe(before - studio.credits / 2);
  });

  it("refuses a webhook with a bad signature (400) and changes nothing", async () => {
    const user = await h.signUp("Forger");
    const start = await balance(user);
    const sessionId = await checkout(user, "pack:pack-50");
    const [completed] = stripe.pay(sessionId);
    expect(await deliver(completed!, "whsec_not_ours")).toMatchObject({
      status: 400,
      body: { error: "Webhook signature verification failed" },
    });
    const unsigned = await h.server.inject({
      method: "POST",
      url: "/api/billing/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(completed),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await balance(user)).toBe(start);
  });

  it("opens the Billing Portal for the user's own customer only", async () => {
    const user = await h.signUp("Portal");
    const res = await h.call(user, "POST", "/api/billing/create-portal-session");
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect((await h.call(null, "POST", "/api/billing/portal")).status).toBe(401);
  });

  it("refuses an unknown price id and never takes an amount from the request", async () => {
    const user = await h.signUp("Haggler");
    expect(await h.call(user, "POST", "/api/billing/checkout", { priceId: "pack:pack-1000000" })).toMatchObject({
      status: 400,
      body: { error: "Unknown price id" },
    });
    expect((await h.call(user, "POST", "/api/billing/checkout", { priceId: "pack:pack-5", amount: 1 })).status).toBe(400);
    expect((await h.call(user, "POST", "/api/checkout", { price_id: "plan:indie:weekly" })).status).toBe(400);
  });
});
