import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { providerKeys } from "../db/schema";
import { HttpError } from "../errors";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { deleteUserKey, keyStatuses, resolveCredentials, saveUserKey } from "./keyService";
import type { ResolvedAddress } from "../net/safeFetch";

const SECRET = "keys-secret-for-service-tests";
const NO_ENV: NodeJS.ProcessEnv = {};

let h: Harness;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await createHarness();
  [ann, bob] = await Promise.all([h.signUp("Ann"), h.signUp("Bob")]);
});
afterAll(() => h.close());

const db = () => h.database.db;
/** A DNS stand-in: the name resolves to the given addresses. */
const dnsSays = (...addresses: string[]) => ({
  resolve: async (): Promise<ResolvedAddress[]> => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
});

describe("resolveCredentials", () => {
  it("local needs no key and is always available", async () => {
    expect(await resolveCredentials(db(), SECRET, NO_ENV, ann.id, "local")).toEqual({ ownKey: false });
  });

  it("is null (locked) without an own key or a platform key", async () => {
    expect(await resolveCredentials(db(), SECRET, NO_ENV, ann.id, "fal")).toBeNull();
    expect(await resolveCredentials(db(), SECRET, { FAL_KEY: "" }, ann.id, "fal")).toBeNull();
    expect(await resolveCredentials(db(), SECRET, NO_ENV, ann.id, "comfyui")).toBeNull();
  });

  it("uses the platform key from the environment, with its base-URL override", async () => {
    expect(await resolveCredentials(db(), SECRET, { OPENAI_API_KEY: "sk-platform" }, ann.id, "openai")).toEqual({
      apiKey: "sk-platform",
      ownKey: false,
    });
    const env = { REPLICATE_API_TOKEN: "r8_platform", REPLICATE_BASE_URL: "http://127.0.0.1:9999" };
    expect(await resolveCredentials(db(), SECRET, env, ann.id, "replicate")).toEqual({
      apiKey: "r8_platform",
      baseUrl: "http://127.0.0.1:9999",
      ownKey: false,
    });
  });

  it("uses the platform's internal ComfyUI and Ollama addresses (the operator's own network is trusted)", async () => {
    const env = { COMFYUI_URL: "http://127.0.0.1:8188/", OLLAMA_URL: "http://10.0.0.7:11434" };
    expect(await resolveCredentials(db(), SECRET, env, ann.id, "comfyui")).toEqual({ baseUrl: "http://127.0.0.1:8188", ownKey: false });
    expect(await resolveCredentials(db(), SECRET, env, ann.id, "ollama")).toEqual({ baseUrl: "http://10.0.0.7:11434", ownKey: false });
  });

  it("the user's own key wins over the platform's, and only for that user", async () => {
    await saveUserKey(db(), SECRET, ann.id, "fal", "ann-own-fal-key");
    const env = { FAL_KEY: "platform-fal", FAL_BASE_URL: "http://127.0.0.1:7777" };
    expect(await resolveCredentials(db(), SECRET, env, ann.id, "fal")).toEqual({
      apiKey: "ann-own-fal-key",
      baseUrl: "http://127.0.0.1:7777",
      ownKey: true,
    });
    expect(await resolveCredentials(db(), SECRET, env, bob.id, "fal")).toEqual({
      apiKey: "platform-fal",
      baseUrl: "http://127.0.0.1:7777",
      ownKey: false,
    });
  });

  it("after removing the own key the platform key applies again", async () => {
    await saveUserKey(db(), SECRET, bob.id, "runway", "bob-runway");
    const env = { RUNWAYML_API_SECRET: "platform-runway" };
    expect((await resolveCredentials(db(), SECRET, env, bob.id, "runway"))?.ownKey).toBe(true);
    expect(await deleteUserKey(db(), env, bob.id, "runway")).toMatchObject({ source: "platform" });
    expect(await resolveCredentials(db(), SECRET, env, bob.id, "runway")).toEqual({ apiKey: "platform-runway", ownKey: false });
  });

  it("returns a user's own ComfyUI server as the base URL", async () => {
    await saveUserKey(db(), SECRET, ann.id, "comfyui", "https://comfy.example.net:8188/", dnsSays("93.184.216.34"));
    const creds = await resolveCredentials(
      db(),
      SECRET,
      { COMFYUI_URL: "http://127.0.0.1:8188" },
      ann.id,
      "comfyui",
      dnsSays("93.184.216.34"),
    );
    expect(creds).toEqual({ baseUrl: "https://comfy.example.net:8188", ownKey: true });
  });

  it("checks a user's server again when resolving: a name that now points inside is refused", async () => {
    await saveUserKey(db(), SECRET, bob.id, "ollama", "http://llm.example.net:11434", dnsSays("93.184.216.34"));
    const rebound = resolveCredentials(db(), SECRET, NO_ENV, bob.id, "ollama", dnsSays("127.0.0.1"));
    await expect(rebound).rejects.toThrow(/private or internal network/);
  });

  it("says the key must be entered again when it cannot be decrypted (server secret changed)", async () => {
    await saveUserKey(db(), SECRET, bob.id, "elevenlabs", "el-bob-key");
    const attempt = resolveCredentials(db(), "a-different-secret", NO_ENV, bob.id, "elevenlabs");
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toThrow("Your saved ElevenLabs key can no longer be read. Enter it again in Settings.");
  });

  it("will not decrypt a ciphertext copied into another user's row", async () => {
    await saveUserKey(db(), SECRET, ann.id, "google", "ann-gemini-key");
    const [annRow] = await db()
      .select()
      .from(providerKeys)
      .where(and(eq(providerKeys.userId, ann.id), eq(providerKeys.provider, "google")));
    await db()
      .insert(providerKeys)
      .values({ ...annRow!, userId: bob.id });
    await expect(resolveCredentials(db(), SECRET, NO_ENV, bob.id, "google")).rejects.toThrow(/can no longer be read/);
  });
});

describe("saving a server address", () => {
  it("refuses a host name that resolves to an internal address, or to any internal address among public ones", async () => {
    for (const answer of [dnsSays("192.168.1.20"), dnsSays("93.184.216.34", "10.1.2.3"), dnsSays("::1")]) {
      await expect(saveUserKey(db(), SECRET, bob.id, "comfyui", "http://comfy.internal.example", answer)).rejects.toThrow(
        /private or internal network/,
      );
    }
    expect((await keyStatuses(db(), NO_ENV, bob.id)).find((s) => s.provider === "comfyui")?.source).toBeNull();
  });

  it("refuses a host name that does not resolve, naming it", async () => {
    const nowhere = { resolve: async () => Promise.reject(new Error("ENOTFOUND")) };
    await expect(saveUserKey(db(), SECRET, bob.id, "ollama", "http://no-such-host.example", nowhere)).rejects.toThrow(
      'Could not find the server "no-such-host.example". Check the address.',
    );
  });

  it("refuses query strings and fragments", async () => {
    await expect(saveUserKey(db(), SECRET, bob.id, "ollama", "http://8.8.8.8/?x=1")).rejects.toThrow(/without a query/);
  });
});

describe("keyStatuses", () => {
  it("never carries the key, only its last four characters", async () => {
    await saveUserKey(db(), SECRET, ann.id, "openai", "sk-proj-abcdefghij-LAST");
    const statuses = await keyStatuses(db(), { OPENAI_API_KEY: "platform" }, ann.id);
    expect(statuses.find((s) => s.provider === "openai")).toMatchObject({ source: "user", hint: "LAST" });
    expect(JSON.stringify(statuses)).not.toContain("abcdefghij");
  });
});
