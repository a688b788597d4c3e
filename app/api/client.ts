import type { ApiErrorBody } from "../../domain/errors";

/** A refusal from the API, carrying the server's `{ error, code }` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * JSON in, JSON out, same-origin cookie auth. Non-2xx answers become an ApiError with the server's
 * message; a network failure becomes status 0 so callers can say so plainly.
 */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, jsonRequest(method, body));
  } catch {
    throw new ApiError(0, "network", "Can't reach the studio server. Check your connection and try again.");
  }
  return readAnswer<T>(res);
}

/** The fetch options of a JSON call to the studio's API: same-origin cookies, a JSON body if any. */
export function jsonRequest(method: Method, body?: unknown, signal?: AbortSignal): RequestInit {
  return {
    method,
    credentials: "same-origin",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
}

/** An answer's JSON, or an ApiError carrying the server's `{ error, code }` when it is not 2xx. */
export async function readAnswer<T>(res: Response): Promise<T> {
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ApiErrorBody> & { message?: string };
    throw new ApiError(res.status, err.code ?? "error", err.error ?? err.message ?? `Request failed (${res.status})`);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
