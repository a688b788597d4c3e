import type { FastifyInstance } from "fastify";
import { textRuleViolation } from "../../domain/text";
import { badRequest } from "../errors";
import { isApiPath } from "./apiPath";

/**
 * The text rule (domain/text.ts) at the door: every API request's JSON body, query and path parameters are
 * checked before its route runs, so no route — better-auth's included — can store a NUL or a lone
 * surrogate, and a new route is covered without doing anything. Multipart fields are checked by `parse`.
 * A body of bytes (the workflow zip) is not text and is not walked (findBadText skips bytes); the workflow
 * import applies the rule to its parsed workflow.json instead, in its reader's worker thread.
 *
 * A route whose body is a batch of independent items may take the check over per item, so one bad item does
 * not refuse its batch-mates: it says so with `config: { textRule: "per-item" }` and must then `parse`
 * each item (which applies the rule). Only POST /api/workflows/autosave does.
 */
export function installTextRule(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (!isApiPath(request.url)) return;
    const perItem = (request.routeOptions.config as { textRule?: string } | undefined)?.textRule === "per-item";
    const violation =
      textRuleViolation(request.params) ?? textRuleViolation(request.query) ?? (perItem ? null : textRuleViolation(request.body));
    if (violation) throw badRequest(violation);
  });
}
