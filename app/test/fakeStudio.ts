import { vi } from "vitest";

/** A call the page made to the studio: its method, URL and JSON body (undefined when it sent none). */
export interface StudioCall {
  method: string;
  url: string;
  body: unknown;
}

/** What a fake studio is asked: the call, with its path (the URL without its query). */
export type StudioRequest = StudioCall & { path: string };

/** A JSON answer; the studio's refusals are JSON too (`{ error, code }` with their status). */
export const json = (body: unknown, status = 200) => Response.json(body, { status });

/**
 * Stands in for the studio server over HTTP, the one external service an app test may fake: `fetch` is
 * stubbed to answer each call with `answer` (`vi.unstubAllGlobals()` puts it back). Returns the calls made,
 * in order, for the test to check what the page sent.
 */
export function fakeStudio(answer: (request: StudioRequest) => Response | Promise<Response>): { calls: StudioCall[] } {
  const calls: StudioCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answer({ ...call, path: url.split("?")[0] ?? url });
    }),
  );
  return { calls };
}
