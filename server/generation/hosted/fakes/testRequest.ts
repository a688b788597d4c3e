/**
 * Builds the EngineRequest a contract test hands an engine: a catalogue model, the fake's base URL, and
 * studio media held in memory (what the runner would read from storage). `progress` collects every report.
 */
import { findModel } from "../../../../domain/generation/catalogue";
import type { EngineRequest, GenerationContextItem, MediaBytes, ProgressReport } from "../../engine";
import type { EngineTiming } from "../http";

/** Polls every few ms so a test of a multi-step job finishes in well under a second. */
export const FAST: Partial<EngineTiming> = { pollIntervalMs: 5, maxPollIntervalMs: 20, requestTimeoutMs: 2_000, jobTimeoutMs: 5_000 };

export interface TestRequestInit {
  prompt?: string;
  params?: Record<string, unknown>;
  context?: GenerationContextItem[];
  apiKey?: string;
  baseUrl?: string;
  /** The base URL is one a user typed: only public addresses may be reached. */
  publicOnly?: boolean;
  signal?: AbortSignal;
  seed?: number;
  /** Studio URLs ('/api/media/…') and their bytes. */
  studio?: Record<string, MediaBytes>;
}

export type TestRequest = EngineRequest & { progress: ProgressReport[] };

export function testRequest(modelId: string, init: TestRequestInit = {}): TestRequest {
  const model = findModel(modelId);
  if (!model) throw new Error(`No catalogue model ${modelId}`);
  const studio = init.studio ?? {};
  const progress: ProgressReport[] = [];
  const read = (url: string): MediaBytes => {
    const media = studio[url];
    if (!media) throw new Error(`No studio media at ${url}`);
    return media;
  };
  return {
    model,
    prompt: init.prompt ?? "a lighthouse at dusk",
    userPrompt: init.prompt ?? "a lighthouse at dusk",
    params: init.params ?? {},
    context: init.context ?? [],
    seed: init.seed ?? 42,
    credentials: { apiKey: init.apiKey, baseUrl: init.baseUrl, ...(init.publicOnly ? { publicOnly: true } : {}) },
    signal: init.signal ?? new AbortController().signal,
    onProgress: (report) => progress.push(report),
    readMedia: async (url) => read(url),
    publicUrl: async (url) => {
      if (!(url in studio)) return url;
      const media = read(url);
      return `data:${media.contentType};base64,${media.bytes.toString("base64")}`;
    },
    progress,
  };
}

/** Resolves once `predicate` holds (checked every few ms), so tests wait on a fake's state, not a clock. */
export async function waitFor(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error("waitFor: condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}
