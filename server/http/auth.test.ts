import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../test/harness";

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

describe("credits", () => {
  it("grants a new user the sign-up allowance once, through the ledger", async () => {
    const user = await h.signUp("Credits");
    const res = await h.call(user, "GET", "/api/credits");
    expect(res).toEqual({ status: 200, body: { balance: 5000 } });
  });
});
