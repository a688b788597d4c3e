/**
 * A local fake of Stripe for contract tests (an external service, faked by its protocol): the HTTP calls
 * the studio makes (customers, Checkout Sessions, Billing Portal sessions, form-encoded like Stripe's; a
 * PaymentIntent or Charge read, with `expand[0]=…` in the query as the stripe package sends it), and
 * the events Stripe would send afterwards, signed the way Stripe signs webhooks (`t=…,v1=HMAC-SHA256`), so
 * the real `stripe` package verifies them in the studio.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type Obj = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=1`) back to an object; arrays come back as objects keyed "0", "1"… */
function decodeForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let at = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Obj;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export interface FakeStripe {
  url: string;
  /** Every API call made, as `METHOD /path`, with the query when there is one (`GET /v1/x?expand[0]=y`). */
  calls: string[];
  sessions: Map<string, Obj>;
  /** Pays a checkout: the events Stripe sends for it. */
  pay(sessionId: string): Obj[];
  /** The next period's invoice of a subscription, paid. */
  renew(subscriptionId: string): Obj[];
  /** Moves a subscription to another amount (a portal plan change) and pays the new plan's invoice. */
  changePlan(subscriptionId: string, unitAmount: number, interval: "month" | "year"): Obj[];
  cancelAtPeriodEnd(subscriptionId: string): Obj[];
  end(subscriptionId: string): Obj[];
  /** The `charge.succeeded` Stripe sends for a paid pack's charge (carrying its receipt_url). */
  chargeSucceeded(sessionId: string): Obj[];
  /** Stripe's API down for reads (every GET answers 500 api_error) until turned off again. */
  failReads(down: boolean): void;
  /** Stripe slow: every GET is answered after `ms` (0: at once again). */
  slowReads(ms: number): void;
  /** Refunds (part of) the charge of a payment intent or invoice charge: charge.refunded with the total refunded. */
  refund(paymentRef: string, amountRefunded: number): Obj[];
  /** The body and `Stripe-Signature` header Stripe would deliver an event with. */
  sign(event: Obj, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: string[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  let readsDown = false;
  let readDelayMs = 0;
  const event = (type: string, object: Obj): Obj => ({
    id: id("evt"),
    object: "event",
    type,
    created: now(),
    api_version: "2025-10-29.clover",
    data: { object },
  });

  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const [path = "", query = ""] = (req.url ?? "").split("?");
      calls.push(query ? `${req.method} ${path}?${decodeURIComponent(query)}` : `${req.method} ${path}`);
      const form = decodeForm(req.method === "GET" ? query : body);
      const send = (status: number, json: Obj) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(json));
      };
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_"))
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      if (req.method === "POST" && path === "/v1/customers") {
        const customer = { id: id("cus"), object: "customer", email: form.email, metadata: form.metadata ?? {} };
        customers.set(customer.id, customer);
        return send(200, customer);
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (!form.customer || !customers.has(String(form.customer)))
          return send(400, { error: { type: "invalid_request_error", message: "No such customer" } });
        const sid = id("cs_test");
        const session = {
          id: sid,
          object: "checkout.session",
          url: `https://checkout.stripe.com/c/pay/${sid}`,
          status: "open",
          payment_status: "unpaid",
          ...form,
        };
        sessions.set(sid, session);
        return send(200, session);
      }
      if (req.method === "GET" && readDelayMs) await new Promise((resolve) => setTimeout(resolve, readDelayMs));
      if (req.method === "GET" && readsDown) return send(500, { error: { type: "api_error", message: "An unknown error occurred" } });
      // Expanded fields are named in the query: `expand[0]=latest_charge` (Stripe also takes `expand[]=`).
      const expand = new Set(Object.values((form.expand as Obj | undefined) ?? {}).map(String));
      const readId = path.match(/^\/v1\/(payment_intents|charges)\/([^/]+)$/);
      if (req.method === "GET" && readId) {
        const [resource, objectId] = [readId[1]!, decodeURIComponent(readId[2]!)];
        const found = (resource === "payment_intents" ? paymentIntents : charges).get(objectId);
        if (!found)
          return send(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such ${resource === "payment_intents" ? "payment_intent" : "charge"}: '${objectId}'`,
            },
          });
        if (resource === "payment_intents" && expand.has("latest_charge") && found.latest_charge)
          return send(200, { ...found, latest_charge: charges.get(String(found.latest_charge)) });
        return send(200, found);
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        if (!customers.has(String(form.customer)))
          return send(400, { error: { type: "invalid_request_error", message: "No such customer" } });
        return send(200, {
          id: id("bps"),
          object: "billing_portal.session",
          customer: form.customer,
          url: `https://billing.stripe.com/p/session/${id("test")}`,
          return_url: form.return_url,
        });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;

  const lineOf = (session: Obj) => ((session.line_items as Obj)["0"] as Obj).price_data as Obj;
  const invoiceFor = (sub: Obj, amount: number): Obj => {
    const charge = id("ch");
    charges.set(charge, { id: charge, amount, payment_intent: null, invoice: null });
    return {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      amount_paid: amount,
      charge,
      hosted_invoice_url: `https://invoice.stripe.com/i/${id("acct")}`,
      billing_reason: "subscription_cycle",
      parent: { subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
  };
  const subscriptionObject = (sub: Obj) => ({
    ...sub,
    items: {
      data: [{ current_period_end: sub.period_end, price: { unit_amount: sub.unit_amount, recurring: { interval: sub.interval } } }],
    },
  });

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      const price = lineOf(session);
      const amount = Number(price.unit_amount);
      if (session.mode === "payment") {
        const [pi, charge] = [id("pi"), id("ch")];
        charges.set(charge, {
          id: charge,
          object: "charge",
          amount,
          amount_refunded: 0,
          currency: "usd",
          paid: true,
          status: "succeeded",
          payment_intent: pi,
          receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(24).toString("base64url")}`,
        });
        paymentIntents.set(pi, {
          id: pi,
          object: "payment_intent",
          amount,
          amount_received: amount,
          currency: "usd",
          status: "succeeded",
          customer: session.customer,
          metadata: (session.payment_intent_data as Obj | undefined)?.metadata ?? {},
          latest_charge: charge,
        });
        session.payment_intent = pi;
        return [
          event("checkout.session.completed", {
            ...session,
            status: "complete",
            payment_status: "paid",
            payment_intent: pi,
            amount_total: amount,
          }),
        ];
      }
      const interval = String((price.recurring as Obj).interval);
      const sub: Obj = {
        id: id("sub"),
        object: "subscription",
        customer: session.customer,
        status: "active",
        cancel_at_period_end: false,
        metadata: (session.subscription_data as Obj).metadata,
        unit_amount: amount,
        interval,
        period_end: now() + 30 * 86_400,
      };
      subscriptions.set(String(sub.id), sub);
      return [
        event("checkout.session.completed", {
          ...session,
          status: "complete",
          payment_status: "paid",
          subscription: sub.id,
          amount_total: amount,
        }),
        event("customer.subscription.created", subscriptionObject(sub)),
        event("invoice.paid", invoiceFor(sub, amount)),
      ];
    },
    renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.period_end = Number(sub.period_end) + 30 * 86_400;
      return [
        event("invoice.paid", invoiceFor(sub, Number(sub.unit_amount))),
        event("customer.subscription.updated", subscriptionObject(sub)),
      ];
    },
    changePlan(subscriptionId, unitAmount, interval) {
      const sub = subscriptions.get(subscriptionId)!;
      Object.assign(sub, { unit_amount: unitAmount, interval });
      return [event("customer.subscription.updated", subscriptionObject(sub)), event("invoice.paid", invoiceFor(sub, unitAmount))];
    },
    cancelAtPeriodEnd(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.cancel_at_period_end = true;
      return [event("customer.subscription.updated", subscriptionObject(sub))];
    },
    end(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = "canceled";
      return [event("customer.subscription.deleted", subscriptionObject(sub))];
    },
    chargeSucceeded(sessionId) {
      const intent = paymentIntents.get(String(sessions.get(sessionId)?.payment_intent))!;
      return [event("charge.succeeded", charges.get(String(intent.latest_charge))!)];
    },
    failReads(down) {
      readsDown = down;
    },
    slowReads(ms) {
      readDelayMs = ms;
    },
    refund(paymentRef, amountRefunded) {
      const [chargeId, charge] = [...charges].find(([cid, c]) => cid === paymentRef || c.payment_intent === paymentRef)!;
      return [
        event("charge.refunded", {
          id: chargeId,
          object: "charge",
          amount: charge.amount,
          amount_refunded: amountRefunded,
          payment_intent: charge.payment_intent,
          refunded: amountRefunded >= Number(charge.amount),
        }),
      ];
    },
    sign(evt, secret) {
      const payload = JSON.stringify(evt);
      const t = now();
      const v1 = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
      return { payload, signature: `t=${t},v1=${v1}` };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
