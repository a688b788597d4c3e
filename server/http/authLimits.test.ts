import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { InjectOptions } from "fastify";
import { createHarness, type Harness } from "../test/harness";
import { buildApp } from "../app";
import { openDatabase } from "../db/client";
import { AttemptLimiter } from "../auth/attemptLimiter";
import { addressKey } from "../auth/authLimits";

// The limits' clock is the test's: a window passes when the test says so, without waiting.
let clock = Date.parse("2030-01-01T00:00:00Z");
const WINDOW_MS = 60_000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ now: () => clock });
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

async function post(url: string, payload: Json, extra: Partial<InjectOptions> = {}) {
  const res = await h.server.inject({ method: "POST", url, payload, ...extra });
  return { status: res.statusCode, body: JSON.parse(res.body || "null"), retryAfter: res.headers["retry-after"] };
}
const signIn = (email: string, password: string, extra?: Partial<InjectOptions>) =>
  post("/api/auth/sign-in/email", { email, password }, extra);
const signUp = (name: string, extra?: Partial<InjectOptions>) =>
  post(
    "/api/auth/sign-up/email",
    { name, email: `${name.replace(/\W/g, "")}.${randomBytes(3).toString("hex")}@example.com`, password: "long enough 1" },
    extra,
  );
const from = (remoteAddress: string): Partial<InjectOptions> => ({ remoteAddress });

describe("password guessing", () => {
  it("answers 429 with Retry-After after five wrong passwords a minute, and lets the owner in after the wait", async () => {
    const user = await h.signUp("Guessed");
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `wrong guess ${i}`)).status).toBe(401);
    const limited = await signIn(user.email, "wrong guess 6");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "rate_limited", error: "Too many attempts. Please wait 60 seconds and try again." });
    expect(limited.retryAfter).toBe("60");
    // While locked, even the right password waits: otherwise guessing could go on and be told when it hit.
    expect((await signIn(user.email, "correct horse 1")).status).toBe(429);
    clock += 30_000;
    expect((await signIn(user.email, "correct horse 1")).retryAfter).toBe("30");
    clock += 30_000;
    expect((await signIn(user.email, "correct horse 1")).status).toBe(200);
  });

  it("counts parallel guesses too: of twenty at once, at most five are checked", async () => {
    const user = await h.signUp("Burst");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(user.email, `burst guess ${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
    clock += WINDOW_MS;
  });

  it("locks an account out for longer each time, and forgets the failures once its owner gets in", async () => {
    const user = await h.signUp("Stubborn");
    const fail5 = async () => {
      for (let i = 0; i < 5; i++) await signIn(user.email, `nope ${i}`);
    };
    await fail5();
    expect((await signIn(user.email, "nope")).retryAfter).toBe("60");
    clock += WINDOW_MS;
    await fail5();
    expect((await signIn(user.email, "nope")).retryAfter).toBe("120");
    clock += 2 * WINDOW_MS;
    expect((await signIn(user.email, "correct horse 1")).status).toBe(200);
    // A fresh start: four more mistakes are four 401s, not a lockout.
    for (let i = 0; i < 4; i++) expect((await signIn(user.email, `typo ${i}`)).status).toBe(401);
    expect((await signIn(user.email, "correct horse 1")).status).toBe(200);
  });

  it("wrong passwords from one address do not lock the owner out at another: that address gets a stricter budget of its own", async () => {
    const user = await h.signUp("Targeted");
    const attacker = from("203.0.113.7");
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `attack ${i}`, attacker)).status).toBe(401);
    expect((await signIn(user.email, "attack 6", attacker)).status).toBe(429);
    // The owner, at home: in at once, and the attacker's lockout is forgotten with the owner's success.
    expect((await signIn(user.email, "correct horse 1", from("198.51.100.20"))).status).toBe(200);
    // Guessing from fresh addresses is held to the stricter budget: three a window for all of them together.
    clock += 2 * WINDOW_MS;
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `again ${i}`, attacker)).status).toBe(401);
    const spread = [];
    for (let i = 0; i < 4; i++) spread.push((await signIn(user.email, `spread ${i}`, from(`192.0.2.${10 + i}`))).status);
    expect(spread).toEqual([401, 401, 401, 429]);
    clock += 15 * WINDOW_MS;
  });

  it("limits one client address across many accounts, and a spoofed X-Forwarded-For does not change the address", async () => {
    const attacker = "198.51.100.7";
    const results: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await signIn(`nobody${i}@example.com`, "password guess", {
        ...from(attacker),
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
      results.push(res.status);
    }
    expect(results.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(results[30]).toBe(429);
    // Another address is not affected.
    expect((await signIn("nobody@example.com", "password guess", from("198.51.100.8"))).status).toBe(401);
    clock += WINDOW_MS;
  });

  it("limits password changes: five wrong current passwords, then 429", async () => {
    const user = await h.signUp("Changer");
    const change = (currentPassword: string) =>
      post("/api/auth/change-password", { currentPassword, newPassword: "a new long secret" }, { headers: user.headers });
    for (let i = 0; i < 5; i++) expect((await change(`wrong ${i}`)).status).toBeGreaterThanOrEqual(400);
    expect((await change("correct horse 1")).status).toBe(429);
    clock += WINDOW_MS;
    expect((await change("correct horse 1")).status).toBe(200);
    expect((await signIn(user.email, "a new long secret")).status).toBe(200);
  });
});

describe("sign-ups per client address", () => {
  it("allows ten new accounts an hour from one address, then answers 429", async () => {
    const address = "198.51.100.20";
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signUp(`Bulk ${i}`, from(address))).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // A different address still signs up.
    expect((await signUp("Neighbour", from("198.51.100.21"))).status).toBe(200);
  });
});

describe("behind a trusted proxy", () => {
  it("takes the client address from X-Forwarded-For only when TRUST_PROXY names the proxy", async () => {
    const proxied = await createHarness({
      now: () => clock,
      config: { trustProxy: "127.0.0.1", authLimits: { failureWindowSeconds: 60, signupsPerAddressPerHour: 2 } },
    });
    try {
      const via = (client: string): Partial<InjectOptions> => ({ remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": client } });
      const signUpVia = async (name: string, client: string) =>
        (
          await proxied.server.inject({
            method: "POST",
            url: "/api/auth/sign-up/email",
            ...via(client),
            payload: { name, email: `${name}.${randomBytes(3).toString("hex")}@example.com`, password: "long enough 1" },
          })
        ).statusCode;
      for (let i = 0; i < 2; i++) expect(await signUpVia(`proxied${i}`, "203.0.113.50")).toBe(200);
      expect(await signUpVia("proxied2", "203.0.113.50")).toBe(429);
      // The proxy itself is not the client: someone else behind it still signs up.
      expect(await signUpVia("other", "203.0.113.51")).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe("limits are kept in the database", () => {
  it("holds across a restart of the studio", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "reelgraph-limits-"));
    const config = {
      baseUrl: "http://localhost:3000",
      authSecret: randomBytes(32).toString("hex"),
      signupCredits: 10,
      port: 3000,
      dataDir: dir,
    };
    const start = async () => {
      const database = await openDatabase({ dataDir: path.join(dir, "db") });
      const app = await buildApp({ database, config, now: () => clock, generation: { env: {} } });
      return { app, database };
    };
    try {
      let { app, database } = await start();
      const inject = (payload: Json) => app.server.inject({ method: "POST", url: "/api/auth/sign-in/email", payload });
      for (let i = 0; i < 5; i++) await inject({ email: "restart@example.com", password: `guess ${i}` });
      await app.server.close();
      await database.close();
      ({ app, database } = await start());
      const res = await app.server.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: "restart@example.com", password: "guess 6" },
      });
      expect(res.statusCode).toBe(429);
      await app.server.close();
      await database.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("is shared by every studio process on the same database", async () => {
    const one = new AttemptLimiter(h.database.db, () => clock);
    const other = new AttemptLimiter(h.database.db, () => clock);
    const rule = { max: 2, windowMs: WINDOW_MS, lockoutMs: WINDOW_MS, maxLockoutMs: WINDOW_MS };
    expect(await one.take("test:shared", rule)).toBe(0);
    expect(await other.take("test:shared", rule)).toBe(0);
    expect(await one.take("test:shared", rule)).toBe(WINDOW_MS);
    expect(await other.lockedFor(["test:shared"])).toBe(WINDOW_MS);
  });
});

describe("client address keys", () => {
  it("keys IPv4 by address and IPv6 by its /64 network", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});
