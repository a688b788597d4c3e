/**
 * Every engine except the offline `local` one, by provider. The runner picks the engine by `model.provider`
 * and passes the key and base URL in `request.credentials` (server/keys: the user's own key from Settings,
 * else the platform's from the environment). ComfyUI and Ollama need only their address as `baseUrl`; a key
 * for them is optional (sent as Bearer, for servers behind an auth proxy).
 */
import { type Provider } from "../../../domain/providers/registry";
import type { Engine } from "../engine";
import { comfyUIEngine } from "./comfyui";
import { elevenLabsEngine } from "./elevenlabs";
import { falEngine } from "./fal";
import { googleEngine } from "./google";
import { ollamaEngine } from "./ollama";
import { openAIEngine } from "./openai";
import { replicateEngine } from "./replicate";
import { runwayEngine } from "./runway";

export type HostedProvider = Exclude<Provider, "local">;

export const HOSTED_ENGINES: Record<HostedProvider, Engine> = {
  fal: falEngine,
  openai: openAIEngine,
  google: googleEngine,
  runway: runwayEngine,
  elevenlabs: elevenLabsEngine,
  replicate: replicateEngine,
  comfyui: comfyUIEngine,
  ollama: ollamaEngine,
};
