import { and, eq, sql } from "drizzle-orm";
import { type ProviderKeyStatus } from "../../domain/generation/api";
import {
  ADDRESS_PROVIDERS,
  KEYED_PROVIDERS,
  PROVIDER_ENV,
  type KeyedProvider,
  PROVIDER_LABELS,
  type Provider,
  PROVIDER_BASE_URL_ENV,
} from "../../domain/providers/registry";
import type { Db } from "../db/client";
import { providerKeys } from "../db/schema";
import { badRequest } from "../errors";
import { decryptSecret, encryptSecret, KeyDecryptionError } from "./crypto";
import { checkUserAddress, type AddressCheckOptions } from "./userAddress";
import { ShortMemory } from "../shortMemory";

/**
 * A user's own provider keys (Settings) and the platform's keys (environment), and the one question the
 * runner asks: with what credentials does this user run this provider's model, and is it their own key
 * (then the run costs no credits)? The plaintext key leaves this module only through resolveCredentials.
 */

export interface ResolvedCredentials {
  apiKey?: string;
  baseUrl?: string;
  /** True when the user's own key (or own server) is used: such runs cost no credits. */
  ownKey: boolean;
}

export const isKeyedProvider = (p: string): p is KeyedProvider => (KEYED_PROVIDERS as readonly string[]).includes(p);
const isAddressProvider = (p: Provider) => ADDRESS_PROVIDERS.includes(p);

/** An environment value, with "" meaning unset (as in a copied .env.example). */
const envValue = (env: NodeJS.ProcessEnv, name: string | undefined) => (name ? env[name]?.trim() || undefined : undefined);

// The AES-GCM additional data: a row only decrypts as its own user's key for its own provider.
const rowContext = (userId: string, provider: KeyedProvider) => `${userId}:${provider}`;

const HINT_CHARS = 4;
const hintOf = (value: string) => value.slice(-HINT_CHARS);

/** Refuses what cannot be a key, before it is stored (a line break would also break the HTTP header). */
function checkApiKey(key: string): string {
  if (/[\s\u0000-\u001f\u007f]/.test(key)) throw badRequest("A key has no spaces or line breaks: paste it again");
  return key;
}

/**
 * The stored (still encrypted) key rows asked for in the last few seconds, false for "none stored": a run
 * asked for its key when it was prepared and again when it ran, two queries of every run (bench:queue).
 * The same trade as the project permissions' memory (policies/projectPolicy.ts): on this process a saved or
 * removed key is seen at once (`forgetStoredKey`); on another process sharing the database (`npm run
 * worker`), a run may still use the key as it was for up to REMEMBER_MS.
 */
const REMEMBER_MS = 5_000;
const storedKeysByDb = new WeakMap<Db, ShortMemory<string | false>>();
const storedKeysOf = (db: Db) => {
  let memory = storedKeysByDb.get(db);
  if (!memory) storedKeysByDb.set(db, (memory = new ShortMemory<string | false>(REMEMBER_MS)));
  return memory;
};
const storedKeyName = (userId: string, provider: KeyedProvider) => `${userId}\u0000${provider}`;

function forgetStoredKey(db: Db, userId: string, provider: KeyedProvider): void {
  storedKeysByDb.get(db)?.forget((key) => key === storedKeyName(userId, provider));
}

/** The user's stored key row for a provider (encrypted), or null; remembered for a few seconds (above). */
async function storedKey(db: Db, userId: string, provider: KeyedProvider): Promise<string | null> {
  const memory = storedKeysOf(db);
  const name = storedKeyName(userId, provider);
  const known = memory.get(name);
  if (known) return known.value || null;
  const mark = memory.mark(); // a key saved or removed meanwhile voids this answer
  const [row] = await db
    .select({ secret: providerKeys.secret })
    .from(providerKeys)
    .where(and(eq(providerKeys.userId, userId), eq(providerKeys.provider, provider)));
  memory.storeSince(mark, name, row?.secret ?? false);
  return row?.secret ?? null;
}

export async function saveUserKey(
  db: Db,
  secret: string,
  userId: string,
  provider: KeyedProvider,
  key: string,
  opts: AddressCheckOptions = {},
): Promise<ProviderKeyStatus> {
  const value = isAddressProvider(provider)
    ? await checkUserAddress(key, PROVIDER_LABELS[provider], PROVIDER_ENV[provider], opts)
    : checkApiKey(key);
  const row = {
    userId,
    provider,
    secret: encryptSecret(secret, value, rowContext(userId, provider)),
    hint: hintOf(value),
    updatedAt: new Date(),
  };
  const [saved] = await db
    .insert(providerKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [providerKeys.userId, providerKeys.provider],
      set: { secret: row.secret, hint: row.hint, updatedAt: sql`now()` },
    })
    .returning({ hint: providerKeys.hint, updatedAt: providerKeys.updatedAt });
  forgetStoredKey(db, userId, provider);
  return { provider, source: "user", hint: saved!.hint, updatedAt: saved!.updatedAt.toISOString() };
}

/** Removes the user's own key; answers what applies now (the platform key, or none). Idempotent. */
export async function deleteUserKey(db: Db, env: NodeJS.ProcessEnv, userId: string, provider: KeyedProvider): Promise<ProviderKeyStatus> {
  await db.delete(providerKeys).where(and(eq(providerKeys.userId, userId), eq(providerKeys.provider, provider)));
  forgetStoredKey(db, userId, provider);
  return platformStatus(env, provider);
}

const platformStatus = (env: NodeJS.ProcessEnv, provider: KeyedProvider): ProviderKeyStatus => ({
  provider,
  source: envValue(env, PROVIDER_ENV[provider]) ? "platform" : null,
  hint: null,
  updatedAt: null,
});

/** One status per keyed provider, in KEYED_PROVIDERS order. Never decrypts anything. */
export async function keyStatuses(db: Db, env: NodeJS.ProcessEnv, userId: string): Promise<ProviderKeyStatus[]> {
  const rows = await db
    .select({ provider: providerKeys.provider, hint: providerKeys.hint, updatedAt: providerKeys.updatedAt })
    .from(providerKeys)
    .where(eq(providerKeys.userId, userId));
  const own = new Map(rows.map((r) => [r.provider, r]));
  return KEYED_PROVIDERS.map((provider) => {
    const row = own.get(provider);
    if (!row) return platformStatus(env, provider);
    return { provider, source: "user", hint: row.hint, updatedAt: row.updatedAt.toISOString() };
  });
}

/**
 * What the runner uses for a run: the user's own key first (ownKey: true; for ComfyUI/Ollama the stored
 * value is the server's address), else the platform's from the environment, else null (the models are
 * locked: 'Add a {provider} key in Settings'). `local` needs nothing and is always available.
 * A user's server address is checked again here, since what its name resolves to may have changed since
 * it was saved; the engine must still connect to a checked address (see server/net/safeFetch.ts).
 */
export async function resolveCredentials(
  db: Db,
  secret: string,
  env: NodeJS.ProcessEnv,
  userId: string,
  provider: Provider,
  opts: AddressCheckOptions = {},
): Promise<ResolvedCredentials | null> {
  if (!isKeyedProvider(provider)) return { ownKey: false };
  const baseOverride = envValue(env, PROVIDER_BASE_URL_ENV[provider]);

  const stored = await storedKey(db, userId, provider);
  if (stored) {
    let value: string;
    try {
      value = decryptSecret(secret, stored, rowContext(userId, provider));
    } catch (err) {
      if (!(err instanceof KeyDecryptionError)) throw err;
      throw badRequest(`Your saved ${PROVIDER_LABELS[provider]} key can no longer be read. Enter it again in Settings.`);
    }
    if (isAddressProvider(provider)) {
      return { baseUrl: await checkUserAddress(value, PROVIDER_LABELS[provider], PROVIDER_ENV[provider], opts), ownKey: true };
    }
    return { apiKey: value, ...(baseOverride ? { baseUrl: baseOverride } : {}), ownKey: true };
  }

  const platform = envValue(env, PROVIDER_ENV[provider]);
  if (!platform) return null;
  if (isAddressProvider(provider)) return { baseUrl: platform.replace(/\/+$/, ""), ownKey: false };
  return { apiKey: platform, ...(baseOverride ? { baseUrl: baseOverride } : {}), ownKey: false };
}
