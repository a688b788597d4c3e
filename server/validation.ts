/**
 * Validation of untrusted input against the domain's zod schemas: what every route, socket and job reader
 * calls on a body before acting on it. Bad input becomes a 400 with the schema's own message.
 */
import { ZodError, type ZodType, type z } from "zod";
import { textRuleViolation } from "../domain/text";
import { badRequest } from "./errors";

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
export function parseItems<S extends ZodType>(
  schema: S,
  items: readonly unknown[],
): ({ ok: true; value: z.infer<S> } | { ok: false; error: string })[] {
  return items.map((item) => {
    const violation = textRuleViolation(item);
    if (violation) return { ok: false, error: violation };
    const result = schema.safeParse(item);
    return result.success ? { ok: true, value: result.data } : { ok: false, error: zodMessage(result.error) };
  });
}
