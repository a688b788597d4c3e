/**
 * Every engine except the offline `local` one, by provider. The runner picks the engine by `model.provider`
 * and passes the key and base URL in `request.credentials` (server/keys: the user's own key from Settings,
 * else the platform's from the environment). ComfyUI and Ollama need only their address as `baseUrl`; a key
 * for them is optional (sent as Bearer, for servers behind an auth proxy).
 */
import type { Provider } from "../../../domain/generation/modelTypes";
import type { Engine } from "../engine";
import { COMFYUI_BASE_URL, comfyUIEngine } from "./comfyui";
import { ELEVENLABS_BASE_URL, elevenLabsEngine } from "./elevenlabs";
import { FAL_BASE_URL, falEngine } from "./fal";
import { GOOGLE_BASE_URL, googleEngine } from "./google";
import { OLLAMA_BASE_URL, ollamaEngine } from "./ollama";
import { OPENAI_BASE_URL, openAIEngine } from "./openai";
import { REPLICATE_BASE_URL, replicateEngine } from "./replicate";
import { RUNWAY_BASE_URL, runwayEngine } from "./runway";

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

/**
 * Each engine's default base URL; `credentials.baseUrl` replaces it whole, so an override keeps the API's
 * path prefix (OpenAI and Replicate '/v1', Google '/v1beta'; Ollama may be given with or without '/v1').
 */
export const DEFAULT_BASE_URLS: Record<HostedProvider, string> = {
  fal: FAL_BASE_URL,
  openai: OPENAI_BASE_URL,
  google: GOOGLE_BASE_URL,
  runway: RUNWAY_BASE_URL,
  elevenlabs: ELEVENLABS_BASE_URL,
  replicate: REPLICATE_BASE_URL,
  comfyui: COMFYUI_BASE_URL,
  ollama: OLLAMA_BASE_URL,
};
