import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** TEST SUPPORT: every route and its methods, read from Fastify's own route tree (`printRoutes`). */
export function allRoutes(server: FastifyInstance): { url: string; methods: string[] }[] {
  const routes: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of server.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    if (m[3]) routes.push({ url: stack.join(""), methods: m[3].split(", ").filter((x) => x !== "HEAD") });
  }
  return routes;
}

/** A concrete URL for a route pattern: a fresh uuid for each parameter (better-auth's wildcard: sign-up). */
export const concreteUrl = (url: string) => (url === "*" ? "/api/auth/sign-up/email" : url.replace(/:\w+/g, () => randomUUID()));
