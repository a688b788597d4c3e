/**
 * How the planners talk to a model service: one POST per model turn, its answer read as server-sent events
 * (or as one JSON body from a server that does not stream), under the turn's time limit and the caller's
 * signal. Failures read like the generation engines' (hosted/providerErrors.ts): the service is named, the
 * key is never echoed, and a film maker can tell a bad key from an outage.
 */
import { ProviderError } from "../../generation/engine";
import { abortReason, displayUrl } from "../../generation/hosted/http";
import { type Classifier, httpFailure, internalAddress, timedOut, unreachable, unreadable } from "../../generation/hosted/providerErrors";
import { RefusedAddressError } from "../../net/pinnedFetch";
import { SseParser } from "../../../domain/serverSentEvents";

/** One turn's answer larger than this is refused (a plan turn is a few kilobytes). */
export const MAX_TURN_BYTES = 4 * 1024 * 1024;

export interface ModelService {
  /** The service as people know it ('OpenAI', 'Gemini', 'Ollama'): every message starts with it. */
  name: string;
  /** Values never to be shown in a message (the API key). */
  secrets: (string | undefined)[];
  classify?: Classifier;
  /** A self-hosted server's address, named when it cannot be reached. */
  where?: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export const brokeOff = (name: string) => new ProviderError(`${name} stopped answering mid-way. Please try again.`, undefined, true);
export const tooLong = (name: string) => new ProviderError(`${name} sent an answer too long to read.`);

/** Where a self-hosted service lives, safe to show (no user name or password). */
export const whereOf = (baseUrl: string) => displayUrl(baseUrl);

/**
 * POSTs `body` as JSON and yields the data of each event of the answer, parsed as JSON. A non-streaming
 * JSON answer is yielded whole, once. Ends the connection when the caller stops reading.
 */
export async function* postForEvents(
  service: ModelService,
  url: string,
  init: { headers: Record<string, string>; body: unknown; signal?: AbortSignal },
): AsyncGenerator<unknown> {
  const { name } = service;
  const secrets = service.secrets.filter((s): s is string => typeof s === "string" && s.length > 0);
  if (init.signal?.aborted) throw abortReason(init.signal);
  const controller = new AbortController();
  let timedOutNow = false;
  let started = false;
  const timer = setTimeout(() => {
    timedOutNow = true;
    controller.abort();
  }, service.timeoutMs);
  const onAbort = () => controller.abort();
  init.signal?.addEventListener("abort", onAbort, { once: true });
  const failure = (err: unknown): Error => {
    if (init.signal?.aborted) return abortReason(init.signal);
    if (err instanceof ProviderError) return err;
    if (timedOutNow) return timedOut(name);
    if (err instanceof RefusedAddressError || (err as { cause?: unknown })?.cause instanceof RefusedAddressError)
      return internalAddress(name);
    return started ? brokeOff(name) : unreachable(name, service.where);
  };

  try {
    let res: Response;
    let text = "";
    try {
      res = await service.fetch(url, {
        method: "POST",
        headers: { ...init.headers, "Content-Type": "application/json", Accept: "text/event-stream, application/json" },
        body: JSON.stringify(init.body),
        signal: controller.signal,
      });
      if (!res.ok) text = await res.text().catch(() => "");
    } catch (err) {
      throw failure(err);
    }
    if (!res.ok) throw httpFailure(name, res.status, parseMaybeJson(text), secrets, service.classify);
    started = true;
    const whole = !(res.headers.get("content-type") ?? "").includes("text/event-stream");
    const parser = new SseParser();
    const decoder = new TextDecoder();
    let bytes = 0;
    let body = "";
    const parse = (data: string) => {
      try {
        return JSON.parse(data) as unknown;
      } catch {
        throw unreadable(name, res.status);
      }
    };
    if (!res.body) throw unreadable(name, res.status);
    const reader = res.body.getReader();
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        throw failure(err);
      }
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      if (bytes > MAX_TURN_BYTES) throw tooLong(name);
      const decoded = decoder.decode(chunk.value, { stream: true });
      if (whole) body += decoded;
      else for (const { data } of parser.push(decoded)) if (data !== "[DONE]") yield parse(data);
    }
    const rest = decoder.decode();
    if (whole) yield parse(body + rest);
    else for (const { data } of [...parser.push(rest), ...parser.end()]) if (data !== "[DONE]") yield parse(data);
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener("abort", onAbort);
    controller.abort();
  }
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
