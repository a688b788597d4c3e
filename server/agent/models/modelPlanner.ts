/**
 * The tool-calling model planners behind one interface: each runs the tool loop (toolLoop.ts)
 * in its service's wire format and answers with a PlannerAnswer. The route picks one per request from the
 * user's settings; a server address the user typed in comes with `publicOnly` (server/net/pinnedFetch), as
 * the generation engines' credentials do for self-hosted Ollama and ComfyUI.
 */
import type { PlannerAnswer, PlannerInput } from "../../../domain/agent/planner";
import type { Model } from "../../../domain/generation/modelTypes";
import type { ToolDefinition } from "../../../domain/tools/catalogue";
import { OLLAMA_BASE_URL } from "../../generation/hosted/ollama";
import { OPENAI_BASE_URL } from "../../generation/hosted/openai";
import { missingKey } from "../../generation/hosted/providerErrors";
import { pinnedFetch } from "../../net/pinnedFetch";
import { createGeminiPlanner, geminiModelName } from "./geminiPlanner";
import { whereOf } from "./modelHttp";
import { createOpenAIPlanner } from "./openaiPlanner";

export interface PlanOptions {
  signal?: AbortSignal;
  /** The model's words as they stream in (not its tool calls). */
  onText?(delta: string): void;
}

/** Structurally the same as server/agent/planners.ts's AgentPlanner, so either can be handed to the route. */
export interface ModelPlanner {
  /** Shown in the chat beside each answer ('OpenAI gpt-4o-mini', 'Gemini gemini-2.5-flash', 'Ollama llama3.1'). */
  name: string;
  plan(input: PlannerInput, opts?: PlanOptions): Promise<PlannerAnswer>;
}

export type ModelPlannerProvider = "openai" | "google" | "ollama";

export interface ModelPlannerConfig {
  provider: ModelPlannerProvider;
  apiKey?: string;
  /**
   * openai: an OpenAI-compatible API root (…/v1), default OpenAI's; ollama: the server's root or its /v1
   * root, default OLLAMA_URL's default; google: the v1beta root.
   */
  baseUrl?: string;
  model: string;
  /**
   * The base URL came from the user (Settings), not the operator: connect only to public addresses, checked
   * at connect time (pinnedFetch), as the engines do for a user's own Ollama. Overrides `fetch`.
   */
  publicOnly?: boolean;
  fetch?: typeof fetch;
  /** Model turns before answering with what was built (default 8). */
  maxTurns?: number;
  /** Limit for one model turn (default 120 s). */
  turnTimeoutMs?: number;
  /** What list_models and list_tools offer (default: the whole catalogues). */
  catalogue?: { models?: readonly Model[]; tools?: readonly ToolDefinition[] };
}

/** `http://host:11434` and `http://host:11434/v1` both name Ollama's OpenAI-compatible root. */
const ollamaApiRoot = (base: string) => {
  const trimmed = base.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
};

/** The planner's name as the chat shows it: the service and the model, and never a key or an address. */
export function modelPlannerName(config: Pick<ModelPlannerConfig, "provider" | "model" | "baseUrl">): string {
  switch (config.provider) {
    case "google":
      return `Gemini ${geminiModelName(config.model)}`;
    case "ollama":
      return `Ollama ${config.model}`;
    case "openai":
      return isOpenAI(config.baseUrl) ? `OpenAI ${config.model}` : `OpenAI-compatible ${config.model}`;
  }
}

function isOpenAI(baseUrl: string | undefined): boolean {
  if (!baseUrl) return true;
  try {
    return new URL(baseUrl).hostname === new URL(OPENAI_BASE_URL).hostname;
  } catch {
    return false;
  }
}

export function createModelPlanner(config: ModelPlannerConfig): ModelPlanner {
  const common = {
    ...(config.publicOnly ? { fetch: pinnedFetch() } : config.fetch ? { fetch: config.fetch } : {}),
    ...(config.maxTurns ? { maxTurns: config.maxTurns } : {}),
    ...(config.turnTimeoutMs ? { turnTimeoutMs: config.turnTimeoutMs } : {}),
    ...(config.catalogue ? { catalogue: config.catalogue } : {}),
  };
  const name = modelPlannerName(config);
  switch (config.provider) {
    case "google":
      if (!config.apiKey) return refusing(name, missingKey("Gemini"));
      return createGeminiPlanner({
        ...common,
        model: config.model,
        apiKey: config.apiKey,
        ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      });
    case "ollama": {
      const base = config.baseUrl ?? OLLAMA_BASE_URL;
      return createOpenAIPlanner({
        ...common,
        name,
        service: "Ollama",
        baseUrl: ollamaApiRoot(base),
        where: whereOf(base),
        model: config.model,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      });
    }
    case "openai": {
      const own = isOpenAI(config.baseUrl);
      if (own && !config.apiKey) return refusing(name, missingKey("OpenAI"));
      return createOpenAIPlanner({
        ...common,
        name,
        service: own ? "OpenAI" : "The OpenAI-compatible server",
        baseUrl: config.baseUrl ?? OPENAI_BASE_URL,
        ...(own ? {} : { where: whereOf(config.baseUrl!) }),
        model: config.model,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      });
    }
  }
}

/** A planner that cannot run (no key): it says so on every request instead of failing at start-up. */
function refusing(name: string, error: Error): ModelPlanner {
  return { name, plan: () => Promise.reject(error) };
}
