import type { PlannerAnswer, PlannerInput } from "../../domain/agent/planner";
import { RULE_BASED_PLANNER } from "../../domain/agent/planner";
import { planOffline } from "../../domain/agent/offline";
import type { Db } from "../db/client";
import { keysSecretFrom } from "../keys/crypto";
import { resolveCredentials } from "../keys/keyService";
import { llmUnavailableReason } from "../generation/local/llm";
import { createLocalPlanner } from "./models/localPlanner";
import { createModelPlanner, type ModelPlanner, type ModelPlannerProvider } from "./models/modelPlanner";

/** Something that turns a request into an answer: the rule-based planner or a tool-calling model. */
export type AgentPlanner = ModelPlanner;

export const ruleBasedPlanner: AgentPlanner = {
  name: RULE_BASED_PLANNER,
  plan: async (input: PlannerInput): Promise<PlannerAnswer> => planOffline(input),
};

/**
 * `AGENT_MODEL=openai:gpt-4o-mini`, `google:gemini-2.5-flash` or `ollama:llama3.1`: the model the agent plans
 * with; `AGENT_MODEL=local`: the studio's own GGUF (LOCAL_LLM_MODEL) under a JSON grammar.
 */
export const AGENT_MODEL_ENV = "AGENT_MODEL";
const PROVIDERS: readonly ModelPlannerProvider[] = ["openai", "google", "ollama"];

export function parseAgentModel(value: string | undefined): { provider: ModelPlannerProvider; model: string } | null {
  const m = /^\s*(openai|google|ollama)\s*:\s*(\S.*?)\s*$/.exec(value ?? "");
  return m && PROVIDERS.includes(m[1] as ModelPlannerProvider) ? { provider: m[1] as ModelPlannerProvider, model: m[2]! } : null;
}

/**
 * The planner for a user's request: the model `AGENT_MODEL` names, with the user's own key (or server) for
 * its provider, else the platform's; the rule-based planner when no model is named or no key reaches it.
 */
export function plannerChoice(db: Db, authSecret: string, env: NodeJS.ProcessEnv) {
  const secret = keysSecretFrom(env, authSecret);
  const named = parseAgentModel(env[AGENT_MODEL_ENV]);
  const local = env[AGENT_MODEL_ENV]?.trim() === "local" && !llmUnavailableReason(env) ? createLocalPlanner() : null;
  return async (userId: string): Promise<AgentPlanner> => {
    if (local) return local;
    if (!named) return ruleBasedPlanner;
    const credentials = await resolveCredentials(db, secret, env, userId, named.provider);
    if (!credentials) return ruleBasedPlanner;
    return createModelPlanner({
      provider: named.provider,
      model: named.model,
      apiKey: credentials.apiKey,
      baseUrl: credentials.baseUrl,
      // A server address the user typed in is reached only at a public address (checked at connect time).
      publicOnly: credentials.ownKey && named.provider === "ollama",
    });
  };
}
