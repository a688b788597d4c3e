/**
 * The one text rule for everything the API stores: no NUL character and no lone UTF-16
 * surrogate, in any string or object key, however deep (node data is jsonb, and PostgreSQL refuses
 * `\u0000` in text and in jsonb; a lone surrogate breaks jsonb and is silently mangled in text). Trimming
 * stays with each field's schema, where the spec asks for it (names, titles).
 *
 * The server applies it to every request before any route runs (server/http/textRule.ts) and in `parse`,
 * so a new route or a new stored field cannot escape it; the refusal is a 400 that names the field.
 */

export type TextProblem = "nul" | "surrogate";

/** A NUL, or a surrogate not paired (with the u flag a well-formed pair is one code point, not \p{Cs}). */
const BAD_TEXT = /[\u0000\p{Cs}]/u;

export function textProblem(text: string): TextProblem | null {
  const bad = BAD_TEXT.exec(text);
  if (!bad) return null;
  return bad[0] === "\u0000" ? "nul" : "surrogate";
}

export interface BadText {
  /** Where it is: ["updates", 0, "nodeData", "title"]; a bad key ends with the key itself. */
  path: (string | number)[];
  problem: TextProblem;
  /** True when the offending string is an object key rather than a value. */
  inKey: boolean;
}

/**
 * The first string (or key) in a JSON-like value that breaks the rule, or null when all is well. Bytes
 * (a Buffer, any typed array: an uploaded zip, media) are not text and are never walked: walking a 20 MB
 * zip's bytes as object keys froze the server for minutes. The path is built only for
 * a finding, so a deep value costs one visit per node, not one copy of its path.
 */
export function findBadText(value: unknown, path: (string | number)[] = []): BadText | null {
  return walk(value, [...path]);
}

function walk(value: unknown, trail: (string | number)[]): BadText | null {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? { path: [...trail], problem, inKey: false } : null;
  }
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      trail.push(i);
      const found = walk(value[i], trail);
      trail.pop();
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: [...trail, key], problem: keyProblem, inKey: true };
    trail.push(key);
    const found = walk((value as Record<string, unknown>)[key], trail);
    trail.pop();
    if (found) return found;
  }
  return null;
}

/** "updates[0].nodeData.title"; unprintable characters in keys are shown escaped. */
export function fieldName(path: readonly (string | number)[]): string {
  let name = "";
  for (const part of path) {
    if (typeof part === "number") name += `[${part}]`;
    else {
      // JSON.stringify escapes NUL and lone surrogates, so the name can be shown (and logged) safely.
      const shown = JSON.stringify(part).slice(1, -1);
      name += name ? `.${shown}` : shown;
    }
  }
  return name || "The request";
}

export const describeProblem = (problem: TextProblem) => (problem === "nul" ? "a NUL character" : "broken Unicode (an unpaired surrogate)");

/** The refusal a person reads: it names the field and says what is wrong with it. */
export function badTextMessage(bad: BadText, prefix: readonly (string | number)[] = []): string {
  const field = fieldName([...prefix, ...bad.path]);
  const what = describeProblem(bad.problem);
  return bad.inKey ? `Field name ${field} contains ${what}, which cannot be stored` : `${field} contains ${what}, which cannot be stored`;
}

/** The message for the first rule-breaking string in `value`, or null. */
export function textRuleViolation(value: unknown, prefix: readonly (string | number)[] = []): string | null {
  const bad = findBadText(value);
  return bad ? badTextMessage(bad, prefix) : null;
}
