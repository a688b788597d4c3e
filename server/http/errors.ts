import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError, type ZodType, type z } from "zod";
import type { ApiErrorBody, ErrorCode } from "../../domain/errors";
import { textRuleViolation } from "../../domain/text";
import { badRequest, HttpError } from "../errors";

/** The first issue's message is what a person reads; zod's own texts are replaced by ours in domain/. */
export function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return "Invalid request";
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`;
  return issue.message;
}

/**
 * Validates untrusted input with a domain schema; bad input becomes a 400 with the schema's message. The
 * text rule (domain/text.ts) comes first, over the whole input, so no string parsed here can carry a NUL or
 * a lone surrogate into the database. `perItem` names an array field whose items the caller validates one
 * by one with `parseItems` (a batch where one bad item must not refuse the others).
 */
export function parse<S extends ZodType>(schema: S, input: unknown, perItem?: string): z.infer<S> {
  const checked = perItem && input && typeof input === "object" ? { ...input, [perItem]: undefined } : input;
  const violation = textRuleViolation(checked);
  if (violation) throw badRequest(violation);
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(zodMessage(result.error));
  return result.data;
}

/** Each item on its own, under the same rules as `parse`: the valid ones, and a message for each other one. */
export function parseItems<S extends ZodType>(schema: S, items: readonly unknown[]): ({ ok: true; value: z.infer<S> } | { ok: false; error: string })[] {
  return items.map((item) => {
    const violation = textRuleViolation(item);
    if (violation) return { ok: false, error: violation };
    const result = schema.safeParse(item);
    return result.success ? { ok: true, value: result.data } : { ok: false, error: zodMessage(result.error) };
  });
}

/** `requestLogging`: Fastify's logger is on, so a 500 goes to it; otherwise to stderr. */
export function installErrorHandler(app: FastifyInstance, { requestLogging = false } = {}) {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = { error: "Something went wrong on our side. Please try again.", code: "internal" };
    if (err instanceof HttpError) {
      status = err.status;
      body = { error: err.message, code: err.code };
    } else if (err instanceof ZodError) {
      status = 400;
      body = { error: zodMessage(err), code: "bad_request" };
    } else if ("statusCode" in err && typeof err.statusCode === "number" && err.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, body too large, wrong content type.
      status = err.statusCode;
      const code: ErrorCode =
        status === 413 ? "payload_too_large" : status === 415 ? "unsupported_media_type" : "bad_request";
      const message = err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.message.includes("JSON") ? "Malformed JSON body" : err.message;
      body = { error: message, code };
    }
    if (status >= 500) {
      // Always logged with the request id (also sent back, so a report can name it), request logging on or off.
      reply.header("x-request-id", request.id);
      if (!requestLogging) console.error(`request ${request.id} failed: ${request.method} ${request.url.split("?")[0]}`, err);
      else request.log.error({ err }, "request failed");
    }
    reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No route for ${request.method} ${request.url.split("?")[0]}`, code: "not_found" });
  });
}
