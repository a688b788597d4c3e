/**
 * 'Local LLM (GGUF)': a real language model on this machine through node-llama-cpp, when the operator points
 * LOCAL_LLM_MODEL at a GGUF file. node-llama-cpp is not a dependency of the studio (its GPU builds weigh
 * ~640 MB); it is imported at run time, so the studio works without it and says so when it is missing.
 * One model per path is loaded per process and kept; each run gets its own context, and runs take turns
 * (a 2-core machine gains nothing from two at once).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { EngineRequest, EngineResult } from "../engine";
import { ProviderError } from "../engine";
import { numberParam, stringParam, throwIfAborted, upstreamTexts } from "./params";

export const LLM_NOT_CONFIGURED = "Set LOCAL_LLM_MODEL to a GGUF file to use the local LLM";
export const LLM_NOT_INSTALLED = "node-llama-cpp is not installed";

/** The few parts of node-llama-cpp's API used here (its types are not available without the package). */
interface LlamaChatSession {
  prompt(
    text: string,
    options: {
      maxTokens?: number;
      temperature?: number;
      topP?: number;
      seed?: number;
      signal?: AbortSignal;
      grammar?: unknown;
      onToken?(tokens: unknown[]): void;
    },
  ): Promise<string>;
}
interface LlamaContext {
  getSequence(): unknown;
  dispose(): Promise<void>;
}
interface LlamaModel {
  createContext(options: { contextSize?: number | "auto" }): Promise<LlamaContext>;
}
interface Llama {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  createGrammarForJsonSchema(schema: Readonly<Record<string, unknown>>): Promise<unknown>;
}
interface NodeLlamaCpp {
  getLlama(options: { build: "never"; logLevel?: string; progressLogs?: boolean; maxThreads?: number }): Promise<Llama>;
  LlamaChatSession: new (options: { contextSequence: unknown; systemPrompt?: string }) => LlamaChatSession;
}

/** The configured GGUF file, or null when LOCAL_LLM_MODEL is unset. */
export function configuredModelPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env.LOCAL_LLM_MODEL?.trim();
  return value ? path.resolve(value) : null;
}

/** Why the local LLM cannot run now (null when it can, as far as can be told without loading it). */
export function llmUnavailableReason(env: NodeJS.ProcessEnv = process.env): string | null {
  const modelPath = configuredModelPath(env);
  if (!modelPath) return LLM_NOT_CONFIGURED;
  // Only the file name: the node shows this message to users, who need not see the server's folders.
  if (!existsSync(modelPath)) return `LOCAL_LLM_MODEL points at ${path.basename(modelPath)}, which does not exist`;
  if (!isInstalled()) return LLM_NOT_INSTALLED;
  return null;
}

/**
 * CPU threads for llama.cpp: LOCAL_LLM_THREADS, else all cores but one. Its threads spin while they wait,
 * so taking every core of a busy machine made a tiny model 300× slower here (2 cores: 22 s instead of 70 ms).
 */
export function llmThreads(env: NodeJS.ProcessEnv = process.env): number {
  const wanted = Number(env.LOCAL_LLM_THREADS);
  if (Number.isInteger(wanted) && wanted > 0) return wanted;
  return Math.max(1, os.availableParallelism() - 1);
}

/** Whether node-llama-cpp can be found from here (checked each time, so installing it needs no restart). */
function isInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("node-llama-cpp");
    return true;
  } catch {
    return false;
  }
}

let library: Promise<{ lib: NodeLlamaCpp; llama: Llama }> | undefined;
const models = new Map<string, Promise<LlamaModel>>();
let queue: Promise<unknown> = Promise.resolve();

function isMissingPackage(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((err as Error).message).includes("node-llama-cpp");
}

async function loadLibrary(): Promise<{ lib: NodeLlamaCpp; llama: Llama }> {
  library ??= (async () => {
    const specifier = "node-llama-cpp"; // a variable, so TypeScript and bundlers do not require the package
    let lib: NodeLlamaCpp;
    try {
      lib = (await import(/* @vite-ignore */ specifier)) as NodeLlamaCpp;
    } catch (err) {
      throw isMissingPackage(err) ? new ProviderError(LLM_NOT_INSTALLED) : err;
    }
    // build "never": use the prebuilt binary from npm; never try to download and compile llama.cpp.
    try {
      const llama = await lib.getLlama({ build: "never", logLevel: "error", progressLogs: false, maxThreads: llmThreads() });
      return { lib, llama };
    } catch (err) {
      throw new ProviderError(`node-llama-cpp has no usable binary for this machine: ${(err as Error).message}`);
    }
  })();
  library.catch(() => {
    library = undefined;
  });
  return library;
}

function loadModel(llama: Llama, modelPath: string): Promise<LlamaModel> {
  let model = models.get(modelPath);
  if (!model) {
    model = llama.loadModel({ modelPath });
    models.set(modelPath, model);
    model.catch(() => models.delete(modelPath));
  }
  return model;
}

/** Runs `task` after every earlier run has finished. */
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export interface LlmInput {
  prompt: string;
  system?: string;
  temperature: number;
  topP: number;
  maxTokens: number;
  seed: number;
  signal: AbortSignal;
  onTokens?(count: number): void;
  /** Constrains the answer to JSON of this shape (node-llama-cpp's JSON-schema grammar: a subset of JSON Schema). */
  jsonSchema?: Readonly<Record<string, unknown>>;
}

/** One answer from the configured model. Exported for tests; the engine entry point is runLlm. */
export async function generateText(input: LlmInput): Promise<string> {
  const reason = llmUnavailableReason();
  if (reason) throw new ProviderError(reason);
  const modelPath = configuredModelPath() as string;
  const { lib, llama } = await loadLibrary();
  let model: LlamaModel;
  try {
    model = await loadModel(llama, modelPath);
  } catch {
    throw new ProviderError(`Local LLM could not load ${path.basename(modelPath)} (is it a GGUF model file?)`);
  }
  return inTurn(async () => {
    throwIfAborted(input.signal);
    const context = await model.createContext({ contextSize: Math.min(4096, Math.max(512, input.maxTokens * 2 + 1024)) });
    try {
      const session = new lib.LlamaChatSession({
        contextSequence: context.getSequence(),
        ...(input.system ? { systemPrompt: input.system } : {}),
      });
      let produced = 0;
      const grammar = input.jsonSchema ? await llama.createGrammarForJsonSchema(input.jsonSchema) : undefined;
      const text = await session.prompt(input.prompt, {
        ...(grammar ? { grammar } : {}),
        maxTokens: input.maxTokens,
        temperature: input.temperature,
        topP: input.topP,
        seed: input.seed,
        signal: input.signal,
        onToken: (tokens) => {
          produced += tokens.length;
          input.onTokens?.(produced);
        },
      });
      return text.trim();
    } catch (err) {
      throwIfAborted(input.signal);
      if (err instanceof ProviderError) throw err;
      throw new ProviderError(`Local LLM failed: ${(err as Error).message}`);
    } finally {
      await context.dispose();
    }
  });
}

export async function runLlm(request: EngineRequest): Promise<EngineResult> {
  throwIfAborted(request.signal);
  const upstream = upstreamTexts(request);
  const prompt = upstream.length > 0 ? `${upstream.join("\n\n")}\n\n${request.prompt}` : request.prompt;
  if (!prompt.trim()) throw new ProviderError("Local LLM needs a prompt");
  const maxTokens = Math.round(numberParam(request.params, "max_tokens", 512, 1, 4096));
  const text = await generateText({
    prompt,
    system: stringParam(request.params, "system"),
    temperature: numberParam(request.params, "temperature", 0.7, 0, 2),
    topP: numberParam(request.params, "top_p", 0.95, 0, 1),
    maxTokens,
    seed: request.seed,
    signal: request.signal,
    // at most maxTokens are produced, so the count is an honest lower bound on progress
    onTokens: (count) => request.onProgress({ percent: Math.min(99, Math.round((100 * count) / maxTokens)) }),
  });
  request.onProgress({ percent: 100 });
  return { kind: "text", texts: [text] };
}
