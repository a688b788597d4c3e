/**
 * A local HTTP server playing a provider in contract tests. Each provider's fake adds its routes and its
 * error bodies; this part records every request, checks the key like the real service does, and can be
 * told to fail every call with 402, 429 or 5xx, or to hang (never answer) so time-outs can be tested.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeFailure = 400 | 401 | 402 | 403 | 429 | 500 | 502 | 503 | "hang";

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer;
  /** The fake's own origin, for URLs it hands out (status_url, file URLs). */
  origin: string;
  json(): any;
}

export interface FakeServerOptions {
  /** Answers a request that passed the key check; return false for 404. */
  handle(ctx: FakeContext): boolean | void | Promise<boolean | void>;
  /** The provider's error body for a status (so engines parse what the real service sends). */
  errorBody(status: number): unknown;
  /** True when the request carries the expected key; requests without a good key get 401. */
  authorized?(req: IncomingMessage, url: URL): boolean;
  /** The status a bad key gets, when the provider does not use 401 (Google answers 400). */
  unauthorizedStatus?: number;
  /** Extra wiring on the node:http server (ComfyUI's WebSocket upgrade). */
  setup?(server: http.Server, state: FakeServer): void;
}

export interface FakeServer {
  origin: string;
  requests: RecordedRequest[];
  /** When set, every request is answered with this failure instead of its route. */
  failWith: FakeFailure | null;
  /** Requests matching a method and path prefix. */
  seen(method: string, pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(options: FakeServerOptions): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer();
  const state: FakeServer = {
    origin: "",
    requests,
    failWith: null,
    seen: (method, prefix) => requests.filter((r) => r.method === method && r.path.startsWith(prefix)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", state.origin);
      requests.push({ method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body });
      void respond(req, res, url, body).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(err) });
      });
    });
  });

  async function respond(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    if (state.failWith === "hang") return; // keep the socket open and say nothing
    if (state.failWith !== null) return sendJson(res, state.failWith, options.errorBody(state.failWith));
    if (options.authorized && !options.authorized(req, url)) {
      const status = options.unauthorizedStatus ?? 401;
      return sendJson(res, status, options.errorBody(status));
    }
    const ctx: FakeContext = { req, res, url, body, origin: state.origin, json: () => JSON.parse(body.toString("utf8")) };
    const handled = await options.handle(ctx);
    if (handled === false && !res.headersSent) sendJson(res, 404, options.errorBody(404));
  }

  options.setup?.(server, state);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendBytes(res: ServerResponse, contentType: string, bytes: Buffer): void {
  res.writeHead(200, { "Content-Type": contentType, "Content-Length": bytes.byteLength });
  res.end(bytes);
}

/** Bearer-token check used by several fakes. */
export const bearer = (key: string) => (req: IncomingMessage) => req.headers.authorization === `Bearer ${key}`;
