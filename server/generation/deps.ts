/** What the run kinds (models, tools, animatics) need from the rest of the server, gathered once in app.ts. */
import { type Provider } from "../../domain/providers/registry";
import type { Model } from "../../domain/generation/modelTypes";
import type { RunDeps } from "../runs/deps";
import type { RunEngine } from "../runs/engine";
import type { Engine, ProviderCredentials } from "./engine";

export interface ResolvedCredentials extends ProviderCredentials {
  /** The user's own key: the run costs no credits. */
  ownKey: boolean;
}

/** The run engine's needs (server/runs/deps.ts) and what the run kinds need to reach providers. */
export interface GenerationDeps extends RunDeps {
  engines: Partial<Record<Provider, Engine>>;
  /** The key (or server address) to run a provider with for this user; null when there is none. */
  credentialsFor(userId: string, provider: Provider): Promise<ResolvedCredentials | null>;
  /**
   * Where each keyed provider's key would come from for this user ('user', 'platform', or null: locked),
   * in one query without decrypting or resolving anything: what the model list needs on every refetch.
   */
  keySourcesFor(userId: string): Promise<ReadonlyMap<Provider, "user" | "platform" | null>>;
  /** Whether a model can run at all here (e.g. the local LLM needs LOCAL_LLM_MODEL). */
  modelAvailability(model: Model): { usable: boolean; reason?: string };
}

/** The run engine as this server builds it: its run kinds are given these deps. */
export type GenerationEngine = RunEngine<GenerationDeps>;
