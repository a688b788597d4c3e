import { promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./addressPolicy";
import type { ErrorCode } from "../../domain/errors";

/**
 * Fetches a URL a user gave us without letting them aim the server at itself or its network (SSRF):
 * http(s) only; the host is resolved here and EVERY address must pass the policy; the connection goes to
 * the address we checked (a pinned lookup), so a second DNS answer cannot swap in 127.0.0.1 (rebinding);
 * each redirect hop is checked again; time and size are capped; no cookies or credentials are sent.
 * Rules: shared/notes/perf-and-reliability.md §5.
 */

export type SafeFetchStatus = 400 | 413 | 502 | 504;

/** A refusal or failure with the text a person reads and the HTTP status our API should answer. */
export class SafeFetchError extends Error {
  constructor(
    message: string,
    readonly status: SafeFetchStatus,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

/** The API error code for each safeFetch failure (its status is already the HTTP answer). */
export const SAFE_FETCH_ERROR_CODES = {
  400: "bad_request",
  413: "payload_too_large",
  502: "upstream_failed",
  504: "upstream_failed",
} as const satisfies Record<SafeFetchStatus, ErrorCode>;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** Largest body accepted, in bytes (default 50 MB). */
  maxBytes?: number;
  /** Time allowed to open the TCP connection, per hop (default 5 s). */
  connectTimeoutMs?: number;
  /** Time allowed for everything, redirects included (default 30 s). */
  timeoutMs?: number;
  /** Redirects followed before giving up (default 3). */
  maxRedirects?: number;
  /** FOR TESTS ONLY: replaces the strict address policy so a loopback server can play "the internet". */
  allowAddress?: (ip: string) => boolean;
  /** FOR TESTS ONLY: replaces DNS, to play rebinding tricks. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  accept?: string;
}

export interface SafeFetchResult {
  status: number;
  contentType: string;
  body: Buffer;
  /** The URL of the last hop, after redirects. */
  url: string;
}

const DEFAULTS = { maxBytes: 50 * 1024 * 1024, connectTimeoutMs: 5_000, timeoutMs: 30_000, maxRedirects: 3, accept: "*/*" };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = "ReelgraphFetcher/1.0";

const refused = () => new SafeFetchError("This link points to a private or internal address and can't be fetched", 400);
const timedOut = () => new SafeFetchError("The remote server took too long to respond", 504);
const tooLarge = (max: number) => new SafeFetchError(`The remote file is larger than the ${Math.round(max / 1024 / 1024)}MB limit`, 413);

const defaultResolve = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

/** Parses and vets the shape of a URL; the address check comes after DNS. */
function parseTarget(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new SafeFetchError("Please enter a valid http or https URL", 400);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError("Only http and https links can be fetched", 400);
  if (url.username || url.password) throw new SafeFetchError("Links with a user name or password are not allowed", 400);
  return url;
}

/** "[::1]" → "::1"; "example.com." → "example.com". */
const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();

/**
 * The address to connect to, after every address the name has passed the policy. The WHATWG parser has
 * already turned "2130706433", "0x7f.1" and "127.1" into "127.0.0.1", so numeric tricks land here as IPs.
 */
async function checkHost(url: URL, opts: SafeFetchOptions, deadline: number): Promise<ResolvedAddress> {
  const host = bareHost(url);
  if (!host) throw new SafeFetchError("Please enter a valid http or https URL", 400);
  if (host === "localhost" || host.endsWith(".localhost")) throw refused();
  const allowed = opts.allowAddress ?? isPublicAddress;
  const family = isIP(host);
  if (family) {
    if (!allowed(host)) throw refused();
    return { address: host, family };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await withDeadline((opts.resolve ?? defaultResolve)(host), deadline);
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    throw new SafeFetchError(`Could not find the server "${host}"`, 502);
  }
  const first = addresses[0];
  if (!first) throw new SafeFetchError(`Could not find the server "${host}"`, 502);
  if (addresses.some((a) => !allowed(a.address))) throw refused();
  return first;
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/** Hands Node the address we already checked instead of asking DNS again. */
const pinnedLookup = (target: ResolvedAddress): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;

type Hop = { redirect: string } | SafeFetchResult;

/** One request to one checked address: either a redirect to follow or the whole (capped) body. */
function requestOnce(url: URL, target: ResolvedAddress, opts: typeof DEFAULTS, deadline: number): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const host = bareHost(url);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(totalTimer);
      outcome();
    };
    const fail = (err: SafeFetchError) => finish(() => (req.destroy(), reject(err)));

    const req = (url.protocol === "https:" ? https : http).request({
      host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      // Only these headers: never a cookie or an Authorization from our side. Identity encoding keeps
      // the byte cap honest (no decompression bomb behind a small download).
      headers: { host: url.host, "user-agent": USER_AGENT, accept: opts.accept, "accept-encoding": "identity" },
      agent: false, // no pooled sockets: each connection goes through the pinned lookup
      lookup: pinnedLookup(target),
      servername: isIP(host) ? undefined : host, // TLS SNI and certificate check against the name, not the IP
    });
    const totalTimer = setTimeout(() => fail(timedOut()), Math.max(0, deadline - Date.now()));

    req.on("socket", (socket) => {
      const connectTimer = setTimeout(
        () => fail(new SafeFetchError("Could not connect to the remote server in time", 504)),
        opts.connectTimeoutMs,
      );
      socket.once("connect", () => clearTimeout(connectTimer));
      socket.once("close", () => clearTimeout(connectTimer));
    });
    req.on("error", (err) =>
      fail(new SafeFetchError(`Could not fetch the link (${(err as NodeJS.ErrnoException).code ?? err.message})`, 502)),
    );

    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        finish(() => (res.destroy(), req.destroy(), resolve({ redirect: location })));
        return;
      }
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > opts.maxBytes) return fail(tooLarge(opts.maxBytes));
      const chunks: Buffer[] = [];
      let received = 0;
      res.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > opts.maxBytes) return fail(tooLarge(opts.maxBytes));
        chunks.push(chunk);
      });
      res.on("end", () =>
        finish(() =>
          resolve({ status, contentType: String(res.headers["content-type"] ?? ""), body: Buffer.concat(chunks), url: url.toString() }),
        ),
      );
      res.on("aborted", () => fail(new SafeFetchError("The remote server closed the connection early", 502)));
      res.on("error", () => fail(new SafeFetchError("The remote server closed the connection early", 502)));
    });
    req.end();
  });
}

export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const opts = { ...DEFAULTS, ...options };
  const deadline = Date.now() + opts.timeoutMs;
  let url = parseTarget(input);
  for (let hop = 0; ; hop++) {
    const target = await checkHost(url, opts, deadline);
    const outcome = await requestOnce(url, target, opts, deadline);
    if (!("redirect" in outcome)) return outcome;
    if (hop >= opts.maxRedirects) throw new SafeFetchError("The link redirected too many times", 502);
    url = parseTarget(outcome.redirect, url);
  }
}
