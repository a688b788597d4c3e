import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogItem } from "../../domain/billing/catalog";
import { createHarness, type Harness, type TestUser } from "../test/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/users/credits")).body.current_credits as number;

async function buyWithTestProvider(user: TestUser, priceId: string) {
  const checkout = await h.call(user, "POST", "/api/billing/checkout", { priceId });
  expect(checkout.status).toBe(200);
  expect(checkout.body.url).toBe(`/billing/test/checkout/${checkout.body.sessionId}`);
  const done = await h.call(user, "POST", `/api/billing/test/checkout/${checkout.body.sessionId}/complete`);
  expect(done).toMatchObject({ status: 200, body: { redirect: `/?payment=success&session_id=${checkout.body.sessionId}` } });
  return checkout.body.sessionId as string;
}

describe("the built-in test provider (offline, TEST MODE)", () => {
  it("says which provider is on", async () => {
    expect((await h.call(null, "GET", "/api/billing/config")).body).toEqual({ provider: "test", testMode: true });
  });

  it("buys a pack through its own checkout page: credits once, even if completed twice", async () => {
    const user = await h.signUp("Test buyer");
    const start = await balance(user);
    const sessionId = await buyWithTestProvider(user, "pack:pack-5");
    expect(await balance(user)).toBe(start + 5_000);
    expect((await h.call(user, "POST", `/api/billing/test/checkout/${sessionId}/complete`)).status).toBe(409);
    expect(await balance(user)).toBe(start + 5_000);
    expect((await h.call(user, "GET", "/api/billing/history")).body.history).toEqual([
      expect.objectContaining({ kind: "pack", description: "Starter credit pack", amountCents: 500, credits: 5_000 }),
    ]);
  });

  it("gives a pack a TEST MODE receipt page of the studio, which only its buyer can open", async () => {
    const [user, other] = [await h.signUp("Receipt holder"), await h.signUp("Snoop")];
    const sessionId = await buyWithTestProvider(user, "pack:pack-20");
    const [row] = (await h.call(user, "GET", "/api/billing/history")).body.history;
    expect(row).toMatchObject({ id: sessionId, kind: "pack", receiptUrl: `/billing/test/receipt/${sessionId}` });
    const receipt = await h.call(user, "GET", `/api/billing/test/receipt/${sessionId}`);
    expect(receipt).toMatchObject({
      status: 200,
      body: {
        id: sessionId,
        kind: "pack",
        description: "Standard credit pack",
        amountCents: 2000,
        credits: 20_000,
        refundedCents: 0,
        paymentRef: expect.stringMatching(/^pi_test_/),
      },
    });
    expect(await h.call(other, "GET", `/api/billing/test/receipt/${sessionId}`)).toMatchObject({
      status: 404,
      body: { error: "Receipt not found" },
    });
    expect((await h.call(null, "GET", `/api/billing/test/receipt/${sessionId}`)).status).toBe(401);
  });

  it("a cancelled checkout charges nothing, and nobody else can see or pay someone's checkout", async () => {
    const [user, other] = [await h.signUp("Canceller"), await h.signUp("Other")];
    const start = await balance(user);
    const { body } = await h.call(user, "POST", "/api/billing/checkout", { priceId: "pack:pack-20" });
    expect((await h.call(other, "GET", `/api/billing/test/checkout/${body.sessionId}`)).status).toBe(404);
    expect((await h.call(other, "POST", `/api/billing/test/checkout/${body.sessionId}/complete`)).status).toBe(404);
    expect((await h.call(user, "GET", `/api/billing/test/checkout/${body.sessionId}`)).body).toMatchObject({
      name: "Standard credit pack",
      amountCents: 2000,
      credits: 20_000,
      status: "open",
    });
    expect((await h.call(user, "POST", `/api/billing/test/checkout/${body.sessionId}/cancel`)).body).toEqual({
      redirect: "/?payment=cancelled",
    });
    expect((await h.call(user, "POST", `/api/billing/test/checkout/${body.sessionId}/complete`)).status).toBe(409);
    expect(await balance(user)).toBe(start);
  });

  it("subscribes, renews, changes plan and cancels at period end through its portal", async () => {
    const user = await h.signUp("Test subscriber");
    const start = await balance(user);
    await buyWithTestProvider(user, "plan:studio:yearly");
    const yearly = catalogItem("plan:studio:yearly")!;
    expect(await balance(user)).toBe(start + yearly.credits);
    const summary = (await h.call(user, "GET", "/api/billing/summary")).body;
    expect(summary.subscription).toMatchObject({
      planId: "studio",
      planName: "Studio plan",
      interval: "yearly",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(summary.subscription.currentPeriodEnd)).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    expect((await h.call(user, "POST", "/api/billing/checkout", { priceId: "plan:studio:yearly" })).body.error).toBe(
      "You are already on the Studio plan.",
    );
    expect((await h.call(user, "POST", "/api/billing/checkout", { priceId: "plan:indie:monthly" })).body.error).toBe(
      "You already have the Studio plan: change plans from Manage Subscription.",
    );

    expect((await h.call(user, "POST", "/api/billing/portal")).body).toEqual({ url: "/billing/test/portal" });
    await h.call(user, "POST", "/api/billing/test/portal", { action: "renew" });
    expect(await balance(user)).toBe(start + 2 * yearly.credits);
    const change = await h.call(user, "POST", "/api/billing/test/portal", { action: "change", priceId: "plan:production:monthly" });
    expect(change.body.subscription).toMatchObject({ planId: "production", interval: "monthly" });
    expect(await balance(user)).toBe(start + 2 * yearly.credits + catalogItem("plan:production:monthly")!.credits);
    const cancelled = await h.call(user, "POST", "/api/billing/test/portal", { action: "cancel" });
    expect(cancelled.body.subscription).toMatchObject({ planId: "production", cancelAtPeriodEnd: true, status: "active" });
    expect((await h.call(user, "POST", "/api/billing/test/portal", { action: "resume" })).body.subscription).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    const history = (await h.call(user, "GET", "/api/billing/history")).body.history as { id: string; receiptUrl: string | null }[];
    expect(history).toHaveLength(3);
    // Each invoice has its TEST MODE receipt page, as a pack does.
    expect(history.map((p) => p.receiptUrl)).toEqual(history.map((p) => `/billing/test/receipt/${p.id}`));
  });

  it("the portal without a subscription says so", async () => {
    const user = await h.signUp("No plan");
    expect(await h.call(user, "POST", "/api/billing/test/portal", { action: "cancel" })).toMatchObject({
      status: 404,
      body: { error: "There is no subscription to change." },
    });
  });
});

describe("the older billing client's calls (spec: shell 7)", () => {
  it("use-credits spends once per session_id and refuses what the balance cannot cover", async () => {
    const user = await h.signUp("Legacy");
    await buyWithTestProvider(user, "pack:pack-5");
    const start = await balance(user);
    const body = { credits: 300, operation_type: "image", description: "A frame", metadata: {}, session_id: "s-1" };
    const first = await h.call(user, "POST", "/api/billing/use-credits", body);
    expect(first).toMatchObject({ status: 200, body: { new_balance: start - 300 } });
    const again = await h.call(user, "POST", "/api/billing/use-credits", body);
    expect(again.body).toEqual(first.body);
    expect(await balance(user)).toBe(start - 300);
    const tooMuch = await h.call(user, "POST", "/api/billing/use-credits", { ...body, credits: 10_000_000, session_id: "s-2" });
    expect(tooMuch).toMatchObject({ status: 402, body: { error: "Insufficient credits. Please upgrade your plan." } });
    expect((await h.call(user, "POST", "/api/billing/use-credits", { ...body, credits: -5, session_id: "s-3" })).status).toBe(400);
    expect(await balance(user)).toBe(start - 300);
  });

  it("answers tiers, the current subscription, checkout and portal sessions in the older shapes", async () => {
    const user = await h.signUp("Legacy shapes");
    const tiers = (await h.call(null, "GET", "/api/subscriptions/tiers")).body;
    expect(tiers.tiers.map((t: { id: string }) => t.id)).toEqual(["indie", "studio", "production"]);
    expect((await h.call(user, "GET", "/api/subscriptions/current/")).body).toEqual({ subscription: null });
    const sub = await h.call(user, "POST", "/api/subscriptions/", { tier: "indie" });
    expect(sub.body).toMatchObject({
      checkout_url: expect.stringMatching(/^\/billing\/test\/checkout\/cs_test_/),
      requires_payment_method: true,
    });
    expect((await h.call(user, "POST", "/api/subscriptions/", { tier: "platinum" })).status).toBe(400);
    expect((await h.call(user, "POST", "/api/checkout", { price_id: "pack:pack-50" })).body.checkout_url).toMatch(
      /^\/billing\/test\/checkout\//,
    );
    expect((await h.call(user, "POST", "/api/billing/create-portal-session")).body).toEqual({ url: "/billing/test/portal" });
    expect((await h.call(null, "GET", "/health")).body).toEqual({ status: "ok" });
    expect((await h.call(null, "GET", "/api/users/credits")).status).toBe(401);
  });
});

describe("usage", () => {
  it("lists each run with its project and credits, pages, and exports CSV; someone else's runs are not there", async () => {
    const user = await h.signUp("Runner");
    const other = await h.signUp("Bystander");
    const projectId = (await h.call(user, "POST", "/api/projects", { name: "=cmd|' /C calc'!A0" })).body.id as string;
    const { generations } = await import("../db/schema");
    const { creditLedger } = await import("../db/schema");
    await h.database.db.insert(generations).values([
      {
        id: "g-1",
        projectId,
        nodeId: "n-1",
        userId: user.id,
        modelId: "flux-pro",
        status: "succeeded",
        request: {},
        inputHash: "h1",
        reservedCredits: 60,
      },
      {
        id: "g-2",
        projectId,
        nodeId: "n-2",
        userId: user.id,
        modelId: "upscale",
        status: "failed",
        request: {},
        inputHash: "h2",
        reservedCredits: 40,
      },
      {
        id: "g-3",
        projectId,
        nodeId: "n-3",
        userId: user.id,
        modelId: "flux-pro",
        status: "succeeded",
        request: {},
        inputHash: "h3",
        reservedCredits: 0,
        ownKey: true,
      },
    ]);
    // Rows name the node and the model as people know them: a deleted node has no name.
    const { nodes } = await import("../db/schema");
    await h.database.db.insert(nodes).values([
      { projectId, id: "n-1", data: { title: "Key art" } },
      { projectId, id: "n-2", data: { title: "Gone" }, deleted: true },
    ]);
    await h.database.db.insert(generations).values({
      id: "g-0",
      projectId,
      nodeId: "n-9",
      userId: user.id,
      modelId: "local/animatic",
      status: "succeeded",
      request: {},
      inputHash: "h0",
      reservedCredits: 0,
      createdAt: new Date(Date.now() - 60_000),
    });
    await h.database.db.insert(creditLedger).values([
      { id: "l-1", userId: user.id, delta: -60, reason: "generation reserve", idempotencyKey: "generation:g-1:reserve" },
      { id: "l-2", userId: user.id, delta: 0, reason: "generation capture", idempotencyKey: "generation:g-1:capture" },
      { id: "l-3", userId: user.id, delta: -40, reason: "generation reserve", idempotencyKey: "generation:g-2:reserve" },
      { id: "l-4", userId: user.id, delta: 40, reason: "generation release", idempotencyKey: "generation:g-2:release" },
    ]);
    const page = (await h.call(user, "GET", "/api/billing/usage?limit=2")).body;
    expect(page.hasMore).toBe(true);
    const all = (await h.call(user, "GET", "/api/billing/usage?limit=50")).body.usage;
    expect(
      Object.fromEntries(
        all.map((r: { id: string; credits: number; refunded: boolean; ownKey: boolean }) => [r.id, [r.credits, r.refunded, r.ownKey]]),
      ),
    ).toEqual({ "g-0": [0, false, false], "g-1": [60, false, false], "g-2": [0, true, false], "g-3": [0, false, true] });
    expect(Object.fromEntries(all.map((r: { id: string; nodeTitle: string | null }) => [r.id, r.nodeTitle]))).toEqual({
      "g-0": null,
      "g-1": "Key art",
      "g-2": null,
      "g-3": null,
    });
    expect((await h.call(other, "GET", "/api/billing/usage")).body.usage).toEqual([]);
    const spent = (await h.call(user, "GET", "/api/billing/summary")).body.spentPerDay;
    expect(spent).toHaveLength(30);
    expect(spent.at(-1).byModel).toEqual({ "flux-pro": 60 });
    const csv = await h.server.inject({ method: "GET", url: "/api/billing/usage?format=csv", headers: user.headers });
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body.split("\r\n")[0]).toBe('"Date","Project","Node","Model or tool","Status","Credits","Refunded","Own key"');
    // A project name that a spreadsheet would run as a formula is written as text.
    expect(csv.body).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv.body.split("\r\n").find((l) => l.includes('"Key art"'))).toBeTruthy();
    expect(csv.body).toContain('"Animatic (ffmpeg)"');
    expect(csv.body).not.toContain('"local/animatic"');
  });
});
