/**
 * A `fetch` for servers a user named (their own ComfyUI or Ollama): every connection resolves the host
 * itself and connects only if every address passes the policy, to the address it checked. So a name that
 * answered with a public address when the user saved it cannot be switched to 127.0.0.1 at connect time
 * (DNS rebinding). Redirects are not followed: a self-hosted API has no reason to send one.
 *
 * `guardedLookup` is the same check for anything that takes Node's `lookup` option (the ws client).
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { isPublicAddress } from "./addressPolicy";

export class RefusedAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or internal address`);
    this.name = "RefusedAddressError";
  }
}

/** Node's lookup, refusing a name when any of its addresses fails `allow`. */
export function guardedLookup(allow: (ip: string) => boolean = isPublicAddress): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const bare = hostname.replace(/^\[|\]$/g, "");
      if (!addresses.length || addresses.some((a) => !allow(a.address)) || bare === "localhost" || bare.endsWith(".localhost")) {
        return callback(new RefusedAddressError(hostname), "", 0);
      }
      const chosen = addresses[0]!;
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, [chosen]);
      callback(null, chosen.address, chosen.family);
    });
  };
}

/** A fetch-compatible function that connects only through `guardedLookup(allow)`. */
export function pinnedFetch(allow: (ip: string) => boolean = isPublicAddress): typeof fetch {
  const lookup = guardedLookup(allow);
  return (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // Let the platform serialise the body (JSON, FormData with its boundary) exactly as fetch would.
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`Unsupported protocol ${url.protocol}`);
    // Node connects to an IP literal without a lookup, so the literal is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal) && !allow(literal)) throw new RefusedAddressError(url.hostname);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => (headers[key] = value));
    if (body) headers["content-length"] = String(body.length);
    const client = url.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(
        url,
        { method: request.method, headers, lookup, agent: false, signal: init?.signal ?? undefined },
        (res) => {
          const responseHeaders = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v);
            else if (value !== undefined) responseHeaders.set(key, value);
          }
          const status = res.statusCode ?? 502;
          const noBody = request.method === "HEAD" || status === 204 || status === 304;
          resolve(
            new Response(noBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>), {
              status,
              statusText: res.statusMessage,
              headers: responseHeaders,
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }) as typeof fetch;
}
