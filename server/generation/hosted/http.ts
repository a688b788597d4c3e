/**
 * The one way hosted and self-hosted engines talk HTTP: every call is bounded by the job's AbortSignal and
 * its own time-out, failures become ProviderErrors (providerErrors.ts), results are downloaded with a size
 * cap, and polling backs off and stops the moment the job is cancelled.
 */
import { fileTypeFromBuffer } from "file-type";
import type { EngineRequest, MediaBytes } from "../engine";
import { ProviderError } from "../engine";
import { pinnedFetch, RefusedAddressError } from "../../net/pinnedFetch";
import { type Classifier, httpFailure, jobFailed, timedOut, tooLarge, unreachable, internalAddress, unreadable } from "./providerErrors";

/** Results bigger than this are refused (a generated clip or mesh is far smaller). */
export const MAX_RESULT_BYTES = 200 * 1024 * 1024;

/** How patient an engine is. Tests pass short values; defaults suit the real services. */
export interface EngineTiming {
  /** First wait between status polls; grows ×1.5 per poll up to `maxPollIntervalMs`. */
  pollIntervalMs: number;
  maxPollIntervalMs: number;
  /** Limit for one HTTP call (headers and body). */
  requestTimeoutMs: number;
  /** Limit for the whole job, polling included. */
  jobTimeoutMs: number;
}

export const timing = (defaults: EngineTiming, overrides: Partial<EngineTiming> = {}): EngineTiming => ({ ...defaults, ...overrides });

export interface ProviderClientOptions {
  /** The provider's name as people know it ('fal.ai', 'OpenAI'): every message starts with it. */
  name: string;
  /** The job's signal: aborting it cancels the call in flight and any polling. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Values never to be shown in a message (the API key). */
  secrets?: (string | undefined)[];
  /** Provider quirks, e.g. OpenAI's 429 'insufficient_quota' means out of credit. */
  classify?: Classifier;
  /** Where a self-hosted server was expected, named when it cannot be reached. */
  where?: string;
  /** Reads a refusal's detail when the generic reader would miss the useful part (ComfyUI's node errors). */
  explain?: (body: unknown) => string;
  /** The fetch to use; a server the user named goes through pinnedFetch (server/net/pinnedFetch.ts). */
  fetch?: typeof fetch;
}

export interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON with the matching Content-Type. */
  json?: unknown;
  /** Any other body (FormData for multipart uploads). */
  body?: BodyInit;
  timeoutMs?: number;
}

export interface DownloadOptions {
  headers?: Record<string, string>;
  /** Used when the server does not say and the bytes are not recognised. */
  fallbackType?: string;
  maxBytes?: number;
}

export interface PollOptions {
  intervalMs: number;
  maxIntervalMs: number;
  /** Total time allowed, from the first poll. */
  deadlineMs: number;
  /** Waits between polls; defaults to a signal-aware sleep (ComfyUI wakes early on its WebSocket). */
  wait?: (ms: number) => Promise<void>;
}

/** Consecutive retryable failures (a 502 between two good polls) tolerated while polling. */
const POLL_RETRIES = 3;

export type ProviderClient = ReturnType<typeof providerClient>;

/**
 * The client for a server the user runs (ComfyUI, Ollama): the address from the key's settings or the
 * engine's default, the key kept out of messages, and pinned to public addresses when the deployment
 * says user-named servers must be (`publicOnly`).
 */
export function selfHostedClient(
  request: EngineRequest,
  options: { name: string; defaultBaseUrl: string; timeoutMs: number; explain?: (body: unknown) => string },
): { key: string | undefined; base: string; http: ProviderClient } {
  const key = request.credentials.apiKey;
  const base = trimSlash(request.credentials.baseUrl ?? options.defaultBaseUrl);
  const http = providerClient({
    name: options.name,
    signal: request.signal,
    timeoutMs: options.timeoutMs,
    secrets: [key],
    where: displayUrl(base),
    ...(options.explain ? { explain: options.explain } : {}),
    ...(request.credentials.publicOnly ? { fetch: pinnedFetch() } : {}),
  });
  return { key, base, http };
}

export function providerClient(options: ProviderClientOptions) {
  const { name, signal } = options;
  const doFetch = options.fetch ?? fetch;
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === "string" && s.length > 0);

  /** Runs `fetch` and `read` under one time limit; maps every failure to a ProviderError or the abort. */
  async function call<T>(url: string, init: CallInit, read: (res: Response) => Promise<T>): Promise<T> {
    throwIfAborted(signal);
    const controller = new AbortController();
    let timedOutNow = false;
    const timer = setTimeout(() => {
      timedOutNow = true;
      controller.abort();
    }, init.timeoutMs ?? options.timeoutMs);
    const onAbort = () => controller.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const headers: Record<string, string> = { ...init.headers };
      let body = init.body;
      if (init.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(init.json);
      }
      const res = await doFetch(url, { method: init.method ?? "GET", headers, body, signal: controller.signal, redirect: "follow" });
      if (!res.ok) {
        const text = await res.text().catch(() => "");
        throw httpFailure(name, res.status, parseMaybeJson(text), secrets, options.classify, options.explain);
      }
      return await read(res);
    } catch (err) {
      // Drop the connection too (a refused oversize download must not keep streaming).
      controller.abort();
      if (signal.aborted) throw abortReason(signal);
      if (err instanceof ProviderError) throw err;
      if (timedOutNow) throw timedOut(name);
      if (err instanceof RefusedAddressError || (err as { cause?: unknown })?.cause instanceof RefusedAddressError)
        throw internalAddress(name);
      throw unreachable(name, options.where);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    }
  }

  async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
    const declared = Number(res.headers.get("content-length") ?? "");
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(name, maxBytes);
    if (!res.body) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge(name, maxBytes);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  async function toMedia(bytes: Buffer, declaredType: string | null, fallbackType?: string): Promise<MediaBytes> {
    return { bytes, contentType: await contentTypeOf(bytes, declaredType, fallbackType) };
  }

  return {
    name,
    secrets,

    /** A JSON answer. */
    json<T>(url: string, init: CallInit = {}): Promise<T> {
      return call(url, { ...init, headers: { Accept: "application/json", ...init.headers } }, async (res) => {
        const text = await res.text();
        if (!text.trim()) return {} as T;
        try {
          return JSON.parse(text) as T;
        } catch {
          throw unreadable(name, res.status);
        }
      });
    },

    /** A binary answer to a call (ElevenLabs speech). */
    bytes(url: string, init: CallInit = {}, download: DownloadOptions = {}): Promise<MediaBytes> {
      return call(url, init, async (res) =>
        toMedia(await readCapped(res, download.maxBytes ?? MAX_RESULT_BYTES), res.headers.get("content-type"), download.fallbackType),
      );
    },

    /** A result file at a URL the provider gave us (or inline as a data: URI). */
    async download(url: string, download: DownloadOptions = {}): Promise<MediaBytes> {
      const maxBytes = download.maxBytes ?? MAX_RESULT_BYTES;
      if (url.startsWith("data:")) {
        const parsed = parseDataUri(url);
        if (!parsed) throw unreadable(name);
        if (parsed.bytes.byteLength > maxBytes) throw tooLarge(name, maxBytes);
        return toMedia(parsed.bytes, parsed.contentType, download.fallbackType);
      }
      return call(url, { headers: download.headers }, async (res) =>
        toMedia(await readCapped(res, maxBytes), res.headers.get("content-type"), download.fallbackType),
      );
    },

    /** Calls `check` until it returns a value, backing off; the job's signal and deadline end it early. */
    async poll<T>(check: () => Promise<T | undefined>, poll: PollOptions): Promise<T> {
      const started = Date.now();
      const wait = poll.wait ?? ((ms: number) => sleep(ms, signal));
      let interval = poll.intervalMs;
      let failures = 0;
      for (;;) {
        throwIfAborted(signal);
        let result: T | undefined;
        try {
          result = await check();
          failures = 0;
        } catch (err) {
          if (!(err instanceof ProviderError) || !err.retryable || ++failures > POLL_RETRIES) throw err;
        }
        if (result !== undefined) return result;
        if (Date.now() - started + interval > poll.deadlineMs) throw timedOut(name);
        await wait(interval);
        throwIfAborted(signal);
        interval = Math.min(poll.maxIntervalMs, Math.round(interval * 1.5));
      }
    },

    /** The provider accepted the job and then failed it. */
    failed(detail: unknown): ProviderError {
      return jobFailed(name, detail, secrets);
    },

    /**
     * Tells the provider to stop a job we no longer want (after the signal fired). Best effort: its own short
     * time limit, errors ignored, never awaited by the caller's failure path.
     */
    bestEffort(url: string, init: CallInit = {}): Promise<void> {
      const headers: Record<string, string> = { ...init.headers };
      let body = init.body;
      if (init.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(init.json);
      }
      return doFetch(url, { method: init.method ?? "POST", headers, body, signal: AbortSignal.timeout(init.timeoutMs ?? 5_000) })
        .then((res) => res.body?.cancel())
        .catch(() => undefined);
    },
  };
}

/** Waits `ms`, or rejects with the abort reason as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortReason(signal);
}

/** The runner cancelled: surface its reason (an AbortError) unchanged so it is not mistaken for a failure. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException("The generation was cancelled", "AbortError");
}

/**
 * True when we stopped waiting (cancelled, timed out, provider unreachable) rather than the provider
 * failing the job: then the job may still be running there and is worth cancelling.
 */
export function gaveUp(err: unknown): boolean {
  return !(err instanceof ProviderError) || err.retryable;
}

/** `https://host/v1/` → `https://host/v1`. */
export const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** A base URL safe to show in a message: no user name or password. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return trimSlash(u.toString());
  } catch {
    return "the configured address";
  }
}

export function parseDataUri(uri: string): MediaBytes | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(uri);
  if (!match) return null;
  const [, type, , base64, data = ""] = match;
  const bytes = base64 ? Buffer.from(data, "base64") : Buffer.from(decodeURIComponent(data), "utf8");
  return { bytes, contentType: type || "application/octet-stream" };
}

const GENERIC_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream", "application/binary"]);

/** The declared type unless it says nothing useful; then the bytes' own signature; then the engine's hint. */
async function contentTypeOf(bytes: Buffer, declared: string | null, fallback?: string): Promise<string> {
  const type = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  if (!GENERIC_TYPES.has(type)) return type;
  const sniffed = await fileTypeFromBuffer(bytes).catch(() => undefined);
  return sniffed?.mime ?? fallback ?? "application/octet-stream";
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
