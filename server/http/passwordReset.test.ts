import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { createHarness, type Harness } from "../test/harness";
import { RESET_WITHOUT_MAIL } from "../../domain/auth";
import { adminProof, ADMIN_HEADER } from "./adminRoutes";

/** A fake mail server on loopback speaking real SMTP: it keeps each message's envelope and raw text. */
async function startSmtpCatcher() {
  const mails: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { mails, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The reset link in a mail (quoted-printable may fold long lines with "=\r\n"). */
const linkIn = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .match(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/)?.[0];

describe("password reset by e-mail (SMTP configured)", () => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    h = await createHarness({
      config: { smtp: { host: "127.0.0.1", port: smtp.port, secure: false, from: "Studio <studio@example.com>" } },
    });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it("mails a one-time link to the studio's reset page; the new password signs in, the old one and the link stop working", async () => {
    const user = await h.signUp("Forgetful");
    const asked = await h.call(null, "POST", "/api/auth/request-password-reset", { email: user.email.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual([user.email]);
    expect(smtp.mails[0]!.raw).toContain("Subject: Reset your Reelgraph password");
    const link = linkIn(smtp.mails[0]!.raw);
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;

    expect((await h.call(null, "POST", "/api/auth/reset-password", { newPassword: "a brand new secret", token })).status).toBe(200);
    expect((await h.call(null, "POST", "/api/auth/sign-in/email", { email: user.email, password: "a brand new secret" })).status).toBe(200);
    expect((await h.call(null, "POST", "/api/auth/sign-in/email", { email: user.email, password: "correct horse 1" })).status).toBe(401);
    expect((await h.call(null, "POST", "/api/auth/reset-password", { newPassword: "yet another secret", token })).status).toBe(400);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = smtp.mails.length;
    const asked = await h.call(null, "POST", "/api/auth/request-password-reset", { email: "nobody.here@example.com" });
    expect(asked.status).toBe(200);
    expect(smtp.mails.length).toBe(before);
  });

  // The attempt limits (auth/authLimits.ts) count reset requests once the studio can send them.
  it("limits password-reset requests per account", async () => {
    const user = await h.signUp("Often Forgetful");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await h.call(null, "POST", "/api/auth/request-password-reset", { email: user.email })).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it("refuses a malformed address with the form's message", async () => {
    const asked = await h.call(null, "POST", "/api/auth/request-password-reset", { email: "not an address" });
    expect(asked).toMatchObject({ status: 400, body: { error: "Enter a valid e-mail address" } });
  });
});

describe("password reset without mail", () => {
  const secret = "a test secret that is long enough 0123456789";
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ config: { authSecret: secret } });
  });
  afterAll(() => h.close());

  it("says to ask the operator instead of pretending to send", async () => {
    const user = await h.signUp("NoMail");
    const asked = await h.call(null, "POST", "/api/auth/request-password-reset", { email: user.email });
    expect(asked).toMatchObject({ status: 400, body: { error: RESET_WITHOUT_MAIL } });
  });

  it("issues a one-time link to the admin command on loopback with the secret's proof, and to nobody else", async () => {
    const user = await h.signUp("Operated");
    const ask = (headers: Record<string, string>, remoteAddress = "127.0.0.1", email = user.email) =>
      h.server.inject({ method: "POST", url: "/api/admin/password-reset-link", headers, remoteAddress, payload: { email } });
    expect((await ask({ [ADMIN_HEADER]: adminProof("not the secret") })).statusCode).toBe(403);
    expect((await ask({})).statusCode).toBe(403);
    expect((await ask({ [ADMIN_HEADER]: adminProof(secret) }, "203.0.113.9")).statusCode).toBe(403);
    expect((await ask({ [ADMIN_HEADER]: adminProof(secret) }, "127.0.0.1", "nobody.here@example.com")).json()).toMatchObject({
      error: "No account uses nobody.here@example.com",
    });

    const issued = await ask({ [ADMIN_HEADER]: adminProof(secret) });
    expect(issued.statusCode).toBe(200);
    const token = new URL(issued.json().link).searchParams.get("token")!;
    expect(issued.json().link).toBe(`http://localhost:3000/reset-password?token=${token}`);
    expect((await h.call(null, "POST", "/api/auth/reset-password", { newPassword: "chosen by the operator", token })).status).toBe(200);
    expect((await h.call(null, "POST", "/api/auth/sign-in/email", { email: user.email, password: "chosen by the operator" })).status).toBe(
      200,
    );
    expect((await h.call(null, "POST", "/api/auth/reset-password", { newPassword: "once more please", token })).status).toBe(400);
  });
});
