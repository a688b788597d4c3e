import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Product files under `dir` (outside `allowed`) with a line matching `pattern`, and that line. */
function offenders(dir: string, pattern: RegExp, allowed: (path: string) => boolean): string[] {
  return sources(join(ROOT, dir))
    .map((path) => ({ path: relative(ROOT, path), lines: readFileSync(path, "utf8").split("\n") }))
    .filter((f) => !allowed(f.path))
    .flatMap((f) => f.lines.filter((line) => pattern.test(line)).map((line) => `${f.path}: ${line.trim()}`));
}

describe("errors by code, end to end", () => {
  it("every server error is made by a factory in server/errors.ts, each with its stable code", () => {
    expect(offenders("server", /new HttpError\(/, (path) => path === "server/errors.ts")).toEqual([]);
  });

  it("the app decides by the error's code, never by the HTTP status, outside the API clients", () => {
    const clients = (path: string) => path.startsWith("app/api/") || path === "app/billing/billingClient.ts";
    expect(offenders("app", /status (===|!==|==|!=|>=|<=|<|>) ?\d{1,3}\b|startsWith\("No route/, clients)).toEqual([]);
  });

  it("validation lives in server/validation.ts, not in a file named for errors", () => {
    expect(offenders("server", /import \{[^}]*\bparse(Items)?\b[^}]*\} from "[./]*(http\/)?errors"/, () => false)).toEqual([]);
  });
});
