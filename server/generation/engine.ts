/**
 * One interface for every engine that runs a model: the offline `local` provider, hosted APIs (fal, OpenAI,
 * Google, Runway, ElevenLabs, Replicate) and self-hosted servers (ComfyUI, Ollama). The model run
 * kind (server/generation/modelRun.ts) resolves keys and stores outputs, the run engine (server/runs) holds
 * credits and reports progress; an engine only turns one request into bytes or text.
 */
import { type Provider } from "../../domain/providers/registry";
import type { MediaType, Model } from "../../domain/generation/modelTypes";

/** An upstream node's contribution (spec canvas 3 "Context item sent to generation"). */
export interface GenerationContextItem {
  nodeId: string;
  type: MediaType;
  /** Studio media URL ('/api/media/…') or a public URL, for media items. */
  url?: string;
  text?: string;
}

export interface ProgressReport {
  /** 0–100 when the provider says; omitted when it only says "still working". */
  percent?: number;
  message?: string;
}

export interface ProviderCredentials {
  /** The user's own key or the platform key from the environment; absent for local and keyless servers. */
  apiKey?: string;
  /** Overrides the provider's public base URL (fake servers in tests, proxies, self-hosted engines). */
  baseUrl?: string;
  /**
   * The base URL is one a user typed (their own ComfyUI or Ollama): connect only to public addresses,
   * checked at connect time (server/net/pinnedFetch.ts). Platform addresses from the environment may be internal.
   */
  publicOnly?: boolean;
}

/** What an engine reads of a model: which one, its parameters and what it makes (a tool run passes these too). */
export type EngineModel = Pick<Model, "id" | "name" | "provider" | "inputSchema" | "capabilities">;

export interface EngineRequest {
  model: EngineModel;
  /** The user's prompt with style, motion and aspect-ratio instructions appended. */
  prompt: string;
  /** The user's own words, without those instructions: for engines that show the text (a title card). */
  userPrompt: string;
  /** Model parameters after defaults and context auto-fill (media params hold URLs the engine can read). */
  params: Record<string, unknown>;
  context: GenerationContextItem[];
  /** A seed for this variation: engines that take one should use it so reruns are reproducible. */
  seed: number;
  credentials: ProviderCredentials;
  signal: AbortSignal;
  onProgress(report: ProgressReport): void;
  /**
   * Bytes of a context or parameter media URL. Studio URLs are read from storage (the caller's permission
   * was checked when the job was queued); other URLs go through safeFetch.
   */
  readMedia(url: string): Promise<MediaBytes>;
  /**
   * A URL a hosted provider can fetch for studio media: a data URI (spec canvas 7: "local or uploads
   * context URLs are first fetched and converted to base64 data URIs").
   */
  publicUrl(url: string): Promise<string>;
}

export interface MediaBytes {
  bytes: Buffer;
  contentType: string;
}

export type EngineResult =
  | { kind: "media"; mediaType: Exclude<MediaType, "text">; files: MediaBytes[] }
  | { kind: "text"; texts: string[] };

export interface Engine {
  provider: Provider;
  run(request: EngineRequest): Promise<EngineResult>;
}

/** Re-exported: the run engine (server/runs) tells a provider's refusal from a bug by it. */
export { ProviderError } from "../runs/failure";
