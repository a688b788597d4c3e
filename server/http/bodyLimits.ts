import type { FastifyInstance } from "fastify";

/**
 * How large a JSON body each route reads: a body past its route's limit is a 413 before
 * it is read (by its Content-Length) or as soon as it passes the limit, so no one can make the server
 * collect and parse a megabyte where a sign-in needs a few hundred bytes. Uploads (multipart, the workflow
 * zip) have their own caps where they are read; the shot list save declares its own (4 MB).
 */
const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** better-auth's bodies: an e-mail, a name, a password (at most 128 characters), a token, a URL. */
  auth: 16 * KB,
  /** Every other route: a few fields, a 20,000-character prompt even if every character is \u-escaped. */
  standard: 256 * KB,
  /** Canvas and script content: node data (each up to 250,000 characters), a script's elements, long id lists. */
  content: 1 * MB,
} as const;

/** The routes that carry content, by method and URL as registered. */
export const CONTENT_ROUTES: readonly string[] = [
  "POST /api/workflows/autosave",
  "POST /api/projects/:id/structure",
  // A remix brings up to 200 nodes.
  "POST /api/projects",
  "PUT /api/scripts/:id",
  "POST /api/execute-node",
  "POST /api/generations/run-from-here",
  // A graph run names up to 2,000 nodes.
  "POST /api/projects/:id/runs",
  "POST /api/models/available",
  "POST /api/tools/execute",
  // The agent's requests name up to 5,000 nodes.
  "POST /api/projects/:id/agent/messages",
  "POST /api/projects/:id/agent/messages/:messageId/outcome",
  "POST /api/projects/:id/agent/messages/:messageId/report",
  "PUT /api/shot-lists/:id/shot-nodes",
  "POST /api/shot-list/export-to-canvas",
  "POST /api/projects/:id/workflow/export",
  // A payment provider's event (Stripe's are kilobytes; an invoice with many lines more).
  "POST /api/billing/webhook",
];

const CONTENT = new Set(CONTENT_ROUTES);

/** The limit a route gets unless it declares its own. */
export function bodyLimitFor(method: string, url: string): number {
  if (url.startsWith("/api/auth/")) return BODY_LIMITS.auth;
  return CONTENT.has(`${method} ${url}`) ? BODY_LIMITS.content : BODY_LIMITS.standard;
}

/** Gives every route registered after this its limit (installed before any route). */
export function installBodyLimits(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    route.bodyLimit = Math.max(...methods.map((m) => bodyLimitFor(m, route.url)));
  });
}
