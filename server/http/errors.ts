import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { ApiErrorBody, ErrorCode } from "../../domain/errors";
import { HttpError } from "../errors";
import { zodMessage } from "../validation";

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
      const code: ErrorCode = status === 413 ? "payload_too_large" : status === 415 ? "unsupported_media_type" : "bad_request";
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
