/**
 * What a provider's failure says to the person on the node. One place for the wording so every engine
 * reads alike: the provider is named, the key is never echoed, and `retryable` tells the runner whether
 * trying again later may help (429, 5xx, time-outs, unreachable).
 */
import { ProviderError } from "../engine";

/** A failure's meaning, when a provider's status code alone would mislead (see each engine's `classify`). */
export type FailureKind = "auth" | "credit" | "rate" | "unavailable" | "refused";

/** Looks at a failed answer and names its kind; undefined keeps the status-code default. */
export type Classifier = (status: number, body: unknown) => FailureKind | undefined;

const DETAIL_LIMIT = 300;

export const keyRejected = (provider: string, status = 401) =>
  new ProviderError(`${provider} rejected the API key. Check it in Settings.`, status);
export const outOfCredit = (provider: string) => new ProviderError(`${provider} account is out of credit.`, 402);
export const rateLimited = () => new ProviderError("Rate limit exceeded. Please try again in a moment.", 429, true);
export const unavailable = (provider: string, status: number) =>
  new ProviderError(`${provider} is unavailable (${status}). Please try again.`, status, true);
export const timedOut = (provider: string) => new ProviderError(`${provider} did not answer in time.`, undefined, true);
export const unreachable = (provider: string, where?: string) =>
  new ProviderError(`${provider} could not be reached${where ? ` at ${where}` : ""}. Please try again.`, undefined, true);
/** A server the user named resolved to a private or internal address when connecting. */
export const internalAddress = (provider: string) =>
  new ProviderError(
    `${provider}: your server's address resolves to a private or internal network, which this studio may not reach. Ask the administrator to set it on the server instead.`,
    400,
  );
export const missingKey = (provider: string) => new ProviderError(`${provider} needs an API key. Add one in Settings.`, 401);
export const tooLarge = (provider: string, maxBytes: number) =>
  new ProviderError(`${provider} returned a file larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
export const unreadable = (provider: string, status?: number) =>
  new ProviderError(`${provider} sent an answer that could not be read.`, status);
/** spec canvas 8: a run that ended well but produced nothing. */
export const noContent = () => new ProviderError("Generation succeeded but no content was returned");

/** The provider took the job and then failed it (a model error, a safety filter, a cancelled task). */
export function jobFailed(provider: string, detail: unknown, secrets: readonly string[] = []): ProviderError {
  const text = scrub(describe(detail), secrets);
  return new ProviderError(text ? `${provider} could not generate this: ${text}` : `${provider} could not generate this.`);
}

/** The HTTP failure → the message on the node. */
export function httpFailure(
  provider: string,
  status: number,
  body: unknown,
  secrets: readonly string[] = [],
  classify?: Classifier,
  explain: (body: unknown) => string = describe,
): ProviderError {
  const kind = classify?.(status, body) ?? defaultKind(status);
  switch (kind) {
    case "auth":
      return keyRejected(provider, status === 401 || status === 403 ? status : 401);
    case "credit":
      return outOfCredit(provider);
    case "rate":
      return rateLimited();
    case "unavailable":
      return unavailable(provider, status);
    case "refused": {
      const detail = scrub(explain(body), secrets);
      return new ProviderError(
        detail ? `${provider} refused the request: ${detail}` : `${provider} refused the request (${status}).`,
        status,
      );
    }
  }
}

function defaultKind(status: number): FailureKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 402) return "credit";
  if (status === 429) return "rate";
  if (status >= 500) return "unavailable";
  return "refused";
}

/** Replaces any secret (the key) with *** so a provider that echoes it cannot leak it onto a node. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join("***");
  return out;
}

/**
 * A readable line from an error body, whatever the provider's shape: `{detail}` (fal, Replicate, FastAPI
 * validation lists), `{error: {message}}` (OpenAI, Google, Ollama), `{error}` (Runway), `{message}`, text.
 */
export function describe(body: unknown, depth = 0): string {
  if (body === null || body === undefined || depth > 4) return "";
  if (typeof body === "string") return clip(body.trim());
  if (typeof body === "number" || typeof body === "boolean") return String(body);
  if (Array.isArray(body))
    return clip(
      body
        .map((item) => describe(item, depth + 1))
        .filter(Boolean)
        .join("; "),
    );
  if (typeof body === "object") {
    const o = body as Record<string, unknown>;
    for (const key of ["detail", "error", "message", "msg", "title", "exception_message", "failure"]) {
      const text = describe(o[key], depth + 1);
      if (text) return text;
    }
  }
  return "";
}

function clip(text: string): string {
  return text.length > DETAIL_LIMIT ? `${text.slice(0, DETAIL_LIMIT - 1)}…` : text;
}
