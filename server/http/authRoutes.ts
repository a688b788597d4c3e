import type { FastifyInstance } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "../auth/auth";

/**
 * Hands /api/auth/* to better-auth as a Fetch Request. Fastify has already parsed the JSON body, so it
 * is serialised again; better-auth answers with a Response whose headers (Set-Cookie, set-auth-token)
 * are copied over as they are.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
      const hasBody = request.method !== "GET" && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() === "set-cookie") continue;
        reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      const text = await response.text();
      if (response.status >= 400) {
        // better-auth errors are { message, code }; the studio's are { error, code } (both are kept).
        const parsed = safeJson(text) as { message?: string; code?: string } | null;
        const message = parsed?.message ?? (response.statusText || "Authentication failed");
        reply.type("application/json").send({ ...parsed, error: message, code: authCode(response.status, parsed?.code) });
        return;
      }
      reply.send(text || null);
    },
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function authCode(status: number, upstream?: string): string {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 422 && upstream?.includes("ALREADY_EXISTS")) return "already_exists";
  return upstream ? upstream.toLowerCase() : "bad_request";
}
