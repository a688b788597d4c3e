/** Every engine the studio can run, by provider: the offline `local` engine and the hosted/self-hosted ones. */
import { type Provider } from "../../domain/providers/registry";
import type { Model } from "../../domain/generation/modelTypes";
import type { Engine } from "./engine";
import { HOSTED_ENGINES } from "./hosted";
import { localEngine, localModelAvailability } from "./local";

export const ENGINES: Partial<Record<Provider, Engine>> = { ...HOSTED_ENGINES, local: localEngine };

export function modelAvailability(model: Model): { usable: boolean; reason?: string } {
  return model.provider === "local" ? localModelAvailability(model.id) : { usable: true };
}
