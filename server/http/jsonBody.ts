import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors";

/**
 * JSON request bodies. A body nested thousands of levels deep is valid JSON, but every
 * pass over its parsed value (the text rule, zod) recurses once per level: at depth 10,000 that overflowed
 * the stack (500 on every route, before any sign-in) and cost seconds of the server's only thread. No
 * request the studio makes comes near this depth (node data is a few levels, its parameters a few more).
 */
export const JSON_MAX_DEPTH = 64;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels of objects and arrays)`;

/**
 * True when the JSON text opens more than `maxDepth` objects/arrays inside one another. One pass over the
 * characters, strings skipped, nothing allocated: a 1 MB body takes about a millisecond, and it stops at
 * the first level too many. Malformed text is left for the parser to refuse.
 */
export function exceedsJsonDepth(text: string, maxDepth = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character (\" and \\ included)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Throws the 400 for JSON text nested past the limit. */
export function refuseDeepJson(text: string): void {
  if (exceedsJsonDepth(text)) throw badRequest(JSON_TOO_DEEP_MESSAGE);
}

/**
 * Fastify's own JSON parser (prototype-poisoning checks and its messages kept), behind the depth check:
 * an over-deep body is a 400 before it is parsed, so no route, hook or schema ever walks it. Installed
 * on the root before any route, so every scope inherits it (the billing webhook keeps its raw bytes and
 * checks them itself). The size limit is the route's (bodyLimits.ts).
 */
export function installJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "ignore");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (exceedsJsonDepth(body as string)) return done(badRequest(JSON_TOO_DEEP_MESSAGE), undefined);
    parseJson(request, body as string, done);
  });
}
