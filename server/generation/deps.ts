/** What the generation service and runner need from the rest of the server, gathered once in app.ts. */
import type { Model, Provider } from "../../domain/generation/modelTypes";
import type { Db } from "../db/client";
import type { RealtimeHub } from "../realtime/hub";
import type { MediaStorage } from "../storage/storage";
import type { Engine, ProviderCredentials } from "./engine";
import type { GenerationQueue } from "./queue";

export interface ResolvedCredentials extends ProviderCredentials {
  /** The user's own key: the run costs no credits. */
  ownKey: boolean;
}

export interface GenerationDeps {
  db: Db;
  hub: RealtimeHub;
  storage: MediaStorage;
  queue: GenerationQueue;
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
  /** Runs of one user at the same time; more wait in the queue. */
  perUserConcurrency: number;
  /** Queued or running generations one user may have before new ones are refused. */
  perUserBacklog: number;
}
