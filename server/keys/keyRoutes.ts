import { KEYED_PROVIDERS, type KeyedProvider } from "../../domain/providers/registry";
import type { FastifyInstance } from "fastify";
import { providerKeyBodySchema, type ProviderKeyStatus } from "../../domain/generation/api";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import { parse } from "../validation";
import { keysSecretFrom } from "./crypto";
import { deleteUserKey, isKeyedProvider, keyStatuses, saveUserKey } from "./keyService";

/**
 * Settings → provider keys. Each user sees and changes only their own keys; answers carry the status
 * (source, last four characters, date) and never the key. Platform keys come from the environment, read
 * per request. `authSecret` is the fallback root for encryption when KEYS_SECRET is not set.
 */
export function registerKeyRoutes(app: FastifyInstance, db: Db, authSecret: string, env: NodeJS.ProcessEnv = process.env) {
  const secret = () => keysSecretFrom(env, authSecret);

  app.get("/api/settings/keys", async (request): Promise<{ keys: ProviderKeyStatus[] }> => {
    const caller = requireUser(request);
    return { keys: await keyStatuses(db, env, caller.id) };
  });

  app.put<{ Params: { provider: string } }>("/api/settings/keys/:provider", async (request): Promise<ProviderKeyStatus> => {
    const caller = requireUser(request);
    const provider = knownProvider(request.params.provider);
    const { key } = parse(providerKeyBodySchema, request.body);
    return saveUserKey(db, secret(), caller.id, provider, key);
  });

  app.delete<{ Params: { provider: string } }>("/api/settings/keys/:provider", async (request): Promise<ProviderKeyStatus> => {
    const caller = requireUser(request);
    return deleteUserKey(db, env, caller.id, knownProvider(request.params.provider));
  });
}

function knownProvider(raw: string): KeyedProvider {
  if (isKeyedProvider(raw)) return raw;
  // Echo a bounded, printable form only: the path segment is the caller's text.
  const shown = raw.replace(/[^\w.-]/g, "").slice(0, 40);
  throw notFound(`Unknown provider "${shown}". Keys can be saved for: ${KEYED_PROVIDERS.join(", ")}`);
}
