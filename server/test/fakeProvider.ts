import { PROVIDER_REGISTRY, type Provider, type ProviderFacts } from "../../domain/providers/registry";

/**
 * The environment that points the studio at a provider's fake (a local server speaking its protocol):
 * the platform key and base-URL variables the registry names for that provider.
 */
export function fakeProviderEnv(provider: Provider, fake: { key: string; origin: string }): Record<string, string> {
  const facts: ProviderFacts = PROVIDER_REGISTRY[provider];
  if (!facts.keyEnv || !facts.baseUrlEnv) throw new Error(`${provider} is not reached by a key and a base URL`);
  return { [facts.keyEnv]: fake.key, [facts.baseUrlEnv]: fake.origin };
}
