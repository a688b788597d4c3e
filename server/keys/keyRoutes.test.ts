import { KEYED_PROVIDERS } from "../../domain/providers/registry";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { providerKeyStatusSchema } from "../../domain/generation/api";
import { providerKeys } from "../db/schema";
import { createHarness, type Harness, type TestUser } from "../test/harness";

let h: Harness;
let ann: TestUser;
let bob: TestUser;

const FAL_KEY = "fal-key-4f1c9d2e7b3a-WXYZ";

beforeAll(async () => {
  h = await createHarness();
  [ann, bob] = await Promise.all([h.signUp("Ann"), h.signUp("Bob")]);
});
afterAll(() => h.close());
afterEach(() => vi.unstubAllEnvs());

const rowsOf = (userId: string) => h.database.db.select().from(providerKeys).where(eq(providerKeys.userId, userId));
const statusOf = (body: { keys: { provider: string }[] }, provider: string) => body.keys.find((k) => k.provider === provider);

describe("GET /api/settings/keys", () => {
  it("lists every keyed provider, all locked for a new user without platform keys", async () => {
    for (const name of ["FAL_KEY", "OPENAI_API_KEY", "COMFYUI_URL"]) vi.stubEnv(name, "");
    const res = await h.call(ann, "GET", "/api/settings/keys");
    expect(res.status).toBe(200);
    expect(res.body.keys.map((k: { provider: string }) => k.provider)).toEqual([...KEYED_PROVIDERS]);
    for (const k of res.body.keys) expect(providerKeyStatusSchema.parse(k)).toEqual(k);
    expect(statusOf(res.body, "fal")).toEqual({ provider: "fal", source: null, hint: null, updatedAt: null });
  });

  it("reports a key set in the environment as the platform's", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-platform-secret-0000");
    vi.stubEnv("COMFYUI_URL", "http://127.0.0.1:8188");
    const res = await h.call(ann, "GET", "/api/settings/keys");
    expect(statusOf(res.body, "openai")).toEqual({ provider: "openai", source: "platform", hint: null, updatedAt: null });
    expect(statusOf(res.body, "comfyui")).toMatchObject({ source: "platform", hint: null });
    expect(JSON.stringify(res.body)).not.toContain("sk-platform-secret");
  });

  it("answers 401 when signed out", async () => {
    const res = await h.call(null, "GET", "/api/settings/keys");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Please sign in to continue", code: "unauthorized" });
  });
});

describe("PUT /api/settings/keys/:provider", () => {
  it("saves a key and answers its status with the last four characters only", async () => {
    const res = await h.call(ann, "PUT", "/api/settings/keys/fal", { key: `  ${FAL_KEY}  ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: "fal", source: "user", hint: "WXYZ" });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(res.body)).not.toContain(FAL_KEY.slice(0, -4));

    const listed = await h.call(ann, "GET", "/api/settings/keys");
    expect(statusOf(listed.body, "fal")).toEqual(res.body);
  });

  it("keeps the key encrypted in the database: the row never holds the plaintext", async () => {
    await h.call(ann, "PUT", "/api/settings/keys/fal", { key: FAL_KEY });
    const [row] = await rowsOf(ann.id);
    expect(row).toMatchObject({ provider: "fal", hint: "WXYZ" });
    expect(JSON.stringify(row)).not.toContain(FAL_KEY);
    expect(Buffer.from(row!.secret, "base64").toString("latin1")).not.toContain(FAL_KEY);
  });

  it("replaces a saved key rather than adding a second one", async () => {
    await h.call(ann, "PUT", "/api/settings/keys/replicate", { key: "r8_first_key_AAAA" });
    const res = await h.call(ann, "PUT", "/api/settings/keys/replicate", { key: "r8_second_key_BBBB" });
    expect(res.body.hint).toBe("BBBB");
    const rows = await h.database.db
      .select()
      .from(providerKeys)
      .where(and(eq(providerKeys.userId, ann.id), eq(providerKeys.provider, "replicate")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hint).toBe("BBBB");
  });

  it("an own key wins over the platform's in the listing", async () => {
    vi.stubEnv("FAL_KEY", "platform-fal");
    await h.call(ann, "PUT", "/api/settings/keys/fal", { key: FAL_KEY });
    expect(statusOf((await h.call(ann, "GET", "/api/settings/keys")).body, "fal")).toMatchObject({ source: "user", hint: "WXYZ" });
  });

  it("another user cannot see my key", async () => {
    vi.stubEnv("ELEVENLABS_API_KEY", "");
    await h.call(ann, "PUT", "/api/settings/keys/elevenlabs", { key: "el-ann-secret-1111" });
    const bobs = await h.call(bob, "GET", "/api/settings/keys");
    expect(statusOf(bobs.body, "elevenlabs")).toMatchObject({ source: null, hint: null });
    expect(JSON.stringify(bobs.body)).not.toContain("1111");
    expect(await rowsOf(bob.id)).toHaveLength(0);
  });

  it("saves a public ComfyUI address, normalised", async () => {
    const res = await h.call(ann, "PUT", "/api/settings/keys/comfyui", { key: "http://8.8.8.8:8188/" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: "comfyui", source: "user", hint: "8188" });
  });

  it.each([
    ["http://127.0.0.1:8188", "loopback"],
    ["http://localhost:11434", "localhost"],
    ["http://10.0.0.5:8188", "private"],
    ["http://169.254.169.254/latest", "cloud metadata"],
    ["http://[::ffff:7f00:1]:8188", "IPv4-mapped loopback"],
    ["http://2130706433:8188", "loopback as a number"],
  ])("refuses an internal server address from a user: %s (%s)", async (address) => {
    const provider = address.includes("11434") ? "ollama" : "comfyui";
    const before = await rowsOf(bob.id);
    const res = await h.call(bob, "PUT", `/api/settings/keys/${provider}`, { key: address });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("bad_request");
    expect(res.body.error).toMatch(/private or internal network/);
    expect(res.body.error).toContain(provider === "ollama" ? "OLLAMA_URL" : "COMFYUI_URL");
    expect(await rowsOf(bob.id)).toEqual(before);
  });

  it("refuses a server address that is not an http(s) URL, with a clear message", async () => {
    for (const key of ["gpu.example.com:8188", "ftp://8.8.8.8/", "not a url"]) {
      const res = await h.call(bob, "PUT", "/api/settings/keys/ollama", { key });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/http or https URL/);
    }
    const creds = await h.call(bob, "PUT", "/api/settings/keys/ollama", { key: "http://user:pw@8.8.8.8/" });
    expect(creds.body.error).toBe("Leave the user name and password out of the server address");
  });

  it.each([
    [{}, /expected string|Enter a key/],
    [{ key: "" }, /^Enter a key$/],
    [{ key: "    " }, /^Enter a key$/],
    [{ key: "x".repeat(501) }, /^That key is too long$/],
    [{ key: 42 }, /expected string|Enter a key/],
    [{ key: "abcdefgh-1234", extra: 1 }, /^Unknown field: extra$/],
    [{ key: "short" }, /^That key is too short: paste the whole key$/],
    [{ key: "two words" }, /no spaces or line breaks/],
    [{ key: "abc\r\nX-Injected: 1" }, /no spaces or line breaks/],
  ])("refuses a bad body %j and stores nothing", async (payload, message) => {
    const res = await h.call(bob, "PUT", "/api/settings/keys/openai", payload);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("bad_request");
    expect(res.body.error).toMatch(message);
    expect(await rowsOf(bob.id)).toHaveLength(0);
  });

  it("refuses malformed JSON", async () => {
    const res = await h.server.inject({
      method: "PUT",
      url: "/api/settings/keys/openai",
      headers: { ...bob.headers, "content-type": "application/json" },
      payload: "{key:",
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: "Malformed JSON body", code: "bad_request" });
  });

  it("answers 404 with the known providers for an unknown one, and for local", async () => {
    for (const provider of ["midjourney", "local"]) {
      const res = await h.call(ann, "PUT", `/api/settings/keys/${provider}`, { key: "abc" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: `Unknown provider "${provider}". Keys can be saved for: ${KEYED_PROVIDERS.join(", ")}`,
        code: "not_found",
      });
    }
  });

  it("answers 401 when signed out, and stores nothing", async () => {
    const res = await h.call(null, "PUT", "/api/settings/keys/fal", { key: "abc" });
    expect(res.status).toBe(401);
  });

  it("refuses a cookie write from a foreign site", async () => {
    const res = await h.server.inject({
      method: "PUT",
      url: "/api/settings/keys/fal",
      headers: { origin: "https://evil.example", cookie: "better-auth.session_token=whatever" },
      payload: { key: "abc" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("DELETE /api/settings/keys/:provider", () => {
  it("removes my key and answers what applies now", async () => {
    vi.stubEnv("RUNWAYML_API_SECRET", "");
    await h.call(ann, "PUT", "/api/settings/keys/runway", { key: "rw-key-9999" });
    const res = await h.call(ann, "DELETE", "/api/settings/keys/runway");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: "runway", source: null, hint: null, updatedAt: null });
    const listed = await h.call(ann, "GET", "/api/settings/keys");
    expect(statusOf(listed.body, "runway")).toEqual(res.body);
  });

  it("falls back to the platform key once my key is removed", async () => {
    vi.stubEnv("GEMINI_API_KEY", "platform-gemini");
    await h.call(ann, "PUT", "/api/settings/keys/google", { key: "AIza-own-key-7777" });
    const res = await h.call(ann, "DELETE", "/api/settings/keys/google");
    expect(res.body).toMatchObject({ provider: "google", source: "platform", hint: null });
  });

  it("does not touch another user's key", async () => {
    await h.call(ann, "PUT", "/api/settings/keys/openai", { key: "sk-ann-5555" });
    const res = await h.call(bob, "DELETE", "/api/settings/keys/openai");
    expect(res.status).toBe(200);
    const annRows = await rowsOf(ann.id);
    expect(annRows.find((r) => r.provider === "openai")?.hint).toBe("5555");
  });

  it("answers 401 signed out and 404 for an unknown provider", async () => {
    expect((await h.call(null, "DELETE", "/api/settings/keys/fal")).status).toBe(401);
    const unknown = await h.call(ann, "DELETE", "/api/settings/keys/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^Unknown provider "nope"/);
  });
});
