/**
 * The `local` provider: every model in domain/generation/catalogueLocal.ts runs here, offline, with no key.
 * The runner calls `localEngine.run`; the model list asks `localModelAvailability` whether to lock a model.
 */
import type { Engine, EngineRequest, EngineResult } from "../engine";
import { ProviderError } from "../engine";
import { llmUnavailableReason, runLlm } from "./llm";
import { runMesh } from "./mesh";
import { runPromptWriter } from "./promptWriter";
import { runSketch } from "./sketch";
import { runSpeech } from "./speech";
import { runVideo } from "./video";

const RUNNERS: Readonly<Record<string, (request: EngineRequest) => Promise<EngineResult>>> = {
  "local/sketch": runSketch,
  "local/mesh": runMesh,
  "local/prompt-writer": runPromptWriter,
  "local/tts-flite": runSpeech,
  "local/video-ffmpeg": runVideo,
  "local/llm": runLlm,
};

export const LOCAL_MODEL_IDS = Object.keys(RUNNERS);

export const localEngine: Engine = {
  provider: "local",
  run(request) {
    const run = RUNNERS[request.model.id];
    if (!run) return Promise.reject(new ProviderError(`The local provider has no model ${request.model.id}`));
    return run(request);
  },
};

/** Whether a local model can run on this server now; only the LLM needs setting up (LOCAL_LLM_MODEL). */
export function localModelAvailability(modelId: string, env: NodeJS.ProcessEnv = process.env): { usable: boolean; reason?: string } {
  if (!(modelId in RUNNERS)) return { usable: false, reason: `The local provider has no model ${modelId}` };
  if (modelId === "local/llm") {
    const reason = llmUnavailableReason(env);
    if (reason) return { usable: false, reason };
  }
  return { usable: true };
}
