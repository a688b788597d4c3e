import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { existsSync } from "node:fs";
import path from "node:path";
import { isApiPath } from "./apiPath";

/**
 * Serves the built SPA. Hashed assets are cached for a year; every other path that is not an API call
 * gets index.html so client routes (/login, /pricing, /?project=) survive a reload. A path in the API's
 * namespace that no route took is a JSON 404, however it is spelled (apiPath.ts).
 */
/** `contentSecurityPolicy` goes on the app page (index.html), see contentSecurityPolicy.ts. */
export async function registerStaticRoutes(app: FastifyInstance, appDir: string, contentSecurityPolicy: string) {
  if (!existsSync(path.join(appDir, "index.html"))) {
    app.log.warn(`No built app in ${appDir}: run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: appDir,
    wildcard: false,
    setHeaders(res, filePath) {
      res.header("X-Content-Type-Options", "nosniff");
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        res.header("Cache-Control", "no-cache");
      }
      if (filePath.endsWith(".html")) res.header("Content-Security-Policy", contentSecurityPolicy);
    },
  });
  app.get("/*", (request, reply) => {
    if (isApiPath(request.url)) return reply.callNotFound();
    reply.header("Cache-Control", "no-cache").header("Content-Security-Policy", contentSecurityPolicy).sendFile("index.html");
  });
}
