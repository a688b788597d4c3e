import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, TEST_SIGNUP_CREDITS, type Harness, type TestUser } from "../test/harness";
import { trustedOrigins } from "../auth/auth";
import { eq } from "drizzle-orm";
import { session, user, verification } from "../db/schema";
import { SESSION_CACHE_MS } from "../auth/sessionCache";
import { randomUUID } from "node:crypto";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe("health", () => {
  it("reports ok and which database engine is in use", async () => {
    const res = await h.call(null, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, db: process.env.TEST_DB === "postgres" ? "postgres" : "pglite" });
  });
});

describe("accounts", () => {
  it("signs up with e-mail and password, answering a token that authenticates /api calls", async () => {
    const res = await h.call(null, "POST", "/api/auth/sign-up/email", {
      name: "Mira Nair",
      email: "Mira@Example.com",
      password: "long enough 1",
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe("string");
    const session = await h.call({ headers: { authorization: `Bearer ${res.body.token}` } } as never, "GET", "/api/auth/get-session");
    expect(session.body.user).toMatchObject({ email: "mira@example.com", name: "Mira Nair" });
    expect(session.body.user.id).toBe(res.body.user.id);
  });

  it("sets an httpOnly session cookie for the browser", async () => {
    const res = await h.server.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Cookie", email: "cookie@example.com", password: "long enough 1" },
    });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    const session = await h.server.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie: cookie.split(";")[0]! } });
    expect(JSON.parse(session.body).user.email).toBe("cookie@example.com");
  });

  it("signs in with the right password and refuses a wrong one", async () => {
    const user = await h.signUp("Agnes Varda");
    const ok = await h.call(null, "POST", "/api/auth/sign-in/email", { email: user.email, password: "correct horse 1" });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe("string");
    const bad = await h.call(null, "POST", "/api/auth/sign-in/email", { email: user.email, password: "wrong password" });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe("Invalid email or password");
  });

  it("refuses a second account with the same e-mail", async () => {
    const user = await h.signUp("Twice");
    const res = await h.call(null, "POST", "/api/auth/sign-up/email", { name: "Again", email: user.email, password: "long enough 1" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.error).toMatch(/already exists/i);
  });

  it("refuses a short password and changes nothing", async () => {
    const res = await h.call(null, "POST", "/api/auth/sign-up/email", { name: "Short", email: "short@example.com", password: "123" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/password/i);
    const signIn = await h.call(null, "POST", "/api/auth/sign-in/email", { email: "short@example.com", password: "123" });
    expect(signIn.status).toBe(401);
  });

  it("signs out: the token stops working", async () => {
    const user = await h.signUp("Leaving");
    expect((await h.call(user, "GET", "/api/projects")).status).toBe(200);
    expect((await h.call(user, "POST", "/api/auth/sign-out", {})).status).toBe(200);
    expect((await h.call(user, "GET", "/api/projects")).status).toBe(401);
  });

  it("a session ended behind this process's back (another studio process) stops working within the cache time", async () => {
    const user = await h.signUp("Elsewhere");
    expect((await h.call(user, "GET", "/api/projects")).status).toBe(200);
    // As if another studio process on the same database signed this user out.
    await h.database.db.delete(session).where(eq(session.userId, user.id));
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 100));
    expect((await h.call(user, "GET", "/api/projects")).status).toBe(401);
  });

  it("answers 401 with the error shape to signed-out callers", async () => {
    for (const [method, url] of [
      ["GET", "/api/projects"],
      ["POST", "/api/projects"],
      ["GET", "/api/credits"],
    ] as const) {
      const res = await h.call(null, method, url, method === "POST" ? { name: "x" } : undefined);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body).toEqual({ error: "Please sign in to continue", code: "unauthorized" });
    }
  });
});

describe("weak passwords", () => {
  const signUpWith = (password: string, email = `weak.${Math.random().toString(36).slice(2)}@example.com`) =>
    h.call(null, "POST", "/api/auth/sign-up/email", { name: "Weak Spot", email, password });

  it.each([
    ["password", "This password is too common. Choose one that is harder to guess."],
    ["12345678", "This password is too common. Choose one that is harder to guess."],
    ["        ", "Password cannot be one character repeated"],
    ["========", "Password cannot be one character repeated"],
    // NUL is refused by the one text rule for every request before the password rule sees it; other control
    // characters reach the password rule.
    ["long enough\u0000 1", "password contains a NUL character, which cannot be stored"],
    ["long enough\u0007 1", "Password cannot contain control characters"],
  ])("refuses %j at sign-up with a 400 saying why, and creates no account", async (password, message) => {
    const email = `weak.${Math.random().toString(36).slice(2)}@example.com`;
    const res = await signUpWith(password, email);
    expect(res).toMatchObject({ status: 400, body: { error: message, code: "bad_request" } });
    // No account: signing in fails (401; 400 when the text rule refuses the password's NUL first).
    expect([400, 401]).toContain((await h.call(null, "POST", "/api/auth/sign-in/email", { email, password })).status);
    expect(await h.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it("refuses the e-mail address itself as the password", async () => {
    const res = await signUpWith("selfie.person@example.com", "selfie.person@example.com");
    expect(res).toMatchObject({ status: 400, body: { error: "Password cannot be your e-mail address or name" } });
  });

  it("holds a new password to the same rule when changing it", async () => {
    const user = await h.signUp("Rotating");
    const change = (newPassword: string) =>
      h.call(user, "POST", "/api/auth/change-password", { currentPassword: "correct horse 1", newPassword });
    expect((await change("baseball")).body.error).toBe("This password is too common. Choose one that is harder to guess.");
    expect((await change(user.email)).body.error).toBe("Password cannot be your e-mail address or name");
    expect((await change("a different long secret")).status).toBe(200);
  });
});

describe("password resets", () => {
  it("hold the new password to the same rule, compared with the account the token belongs to", async () => {
    const user = await h.signUp("Resetting");
    // better-auth keeps a reset token as `reset-password:{token}` → user id (no e-mail is sent offline).
    await h.database.db.insert(verification).values({
      id: randomUUID(),
      identifier: "reset-password:test-token",
      value: user.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const reset = (newPassword: string) => h.call(null, "POST", "/api/auth/reset-password", { newPassword, token: "test-token" });
    expect((await reset("12345678")).body.error).toBe("This password is too common. Choose one that is harder to guess.");
    expect((await reset(user.email)).body.error).toBe("Password cannot be your e-mail address or name");
    expect((await reset("a fresh long secret")).status).toBe(200);
    expect((await h.call(null, "POST", "/api/auth/sign-in/email", { email: user.email, password: "a fresh long secret" })).status).toBe(
      200,
    );
  });
});

describe("names", () => {
  it.each([
    ["an empty name", "", "Enter your name"],
    ["a name of spaces", "   ", "Enter your name"],
    ["a 10,000-character name", "x".repeat(10_000), "Name must be at most 80 characters"],
  ])("refuses %s with a 400 naming the field, and creates no account", async (_label, name, message) => {
    const email = `nameless.${Math.random().toString(36).slice(2)}@example.com`;
    const res = await h.call(null, "POST", "/api/auth/sign-up/email", { name, email, password: "long enough 1" });
    expect(res).toMatchObject({ status: 400, body: { error: message, code: "bad_request" } });
    expect((await h.call(null, "POST", "/api/auth/sign-in/email", { email, password: "long enough 1" })).status).toBe(401);
  });

  it("stores the name trimmed, and holds a later name change to the same rule", async () => {
    const res = await h.call(null, "POST", "/api/auth/sign-up/email", {
      name: "  Chantal Akerman ",
      email: "chantal@example.com",
      password: "long enough 1",
    });
    expect(res.body.user.name).toBe("Chantal Akerman");
    const headers = { authorization: `Bearer ${res.body.token}` };
    const rename = (name: string) => h.server.inject({ method: "POST", url: "/api/auth/update-user", headers, payload: { name } });
    const tooLong = await rename("y".repeat(81));
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.parse(tooLong.body).error).toBe("Name must be at most 80 characters");
    expect((await rename("Chantal")).statusCode).toBe(200);
  });
});

describe("credits", () => {
  const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance;

  it("grants the sign-up allowance on the first real action, once, through the ledger", async () => {
    const user = await h.signUp("Credits");
    // Making an account alone earns nothing: a script signing up in bulk collects no credits.
    expect(await balance(user)).toBe(0);
    expect((await h.call(user, "POST", "/api/projects", { name: "First" })).status).toBe(201);
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    await h.call(user, "POST", "/api/projects", { name: "Second" });
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
  });

  it("says what is promised until it is granted", async () => {
    const user = await h.signUp("Promised");
    expect((await h.call(user, "GET", "/api/credits")).body).toEqual({ balance: 0, promised: TEST_SIGNUP_CREDITS });
    await h.call(user, "POST", "/api/projects", { name: "First" });
    expect((await h.call(user, "GET", "/api/credits")).body).toEqual({ balance: TEST_SIGNUP_CREDITS, promised: 0 });
  });
});

describe("trusted origins", () => {
  const cookieWrite = async (server: Harness["server"], origin: string) => {
    const signUp = await server.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Origin", email: `origin.${Math.random().toString(36).slice(2)}@example.com`, password: "long enough 1" },
    });
    const cookie = String(signUp.headers["set-cookie"]).split(";")[0]!;
    return server.inject({ method: "POST", url: "/api/projects", headers: { cookie, origin }, payload: { name: "From elsewhere" } });
  };

  it("does not trust Vite's dev server outside npm run dev", async () => {
    expect(trustedOrigins({ baseUrl: "https://studio.example.com", port: 3000 })).not.toContain("http://localhost:5173");
    expect((await cookieWrite(h.server, "http://localhost:5173")).statusCode).toBe(403);
    expect((await cookieWrite(h.server, "http://localhost:3000")).statusCode).toBe(201);
  });

  it("trusts it when npm run dev names it", async () => {
    expect(trustedOrigins({ baseUrl: "http://localhost:3000", port: 3000, devServerOrigin: "http://localhost:5173" })).toContain(
      "http://localhost:5173",
    );
  });
});
