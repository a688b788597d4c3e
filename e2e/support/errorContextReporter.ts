import { readFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints a failed test's page snapshot (Playwright's error context: what was on screen, toasts included)
 * into the log. CI keeps only the log, and a failure that happens there once is otherwise a guess.
 */
export default class ErrorContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped") return;
    for (const a of result.attachments) {
      if (a.name !== "error-context" || !a.path) continue;
      try {
        console.log(`\n── page when "${test.title}" failed ──\n${readFileSync(a.path, "utf8").slice(0, 20_000)}\n──`);
      } catch {
        // The file went with the output folder; the list reporter still names it.
      }
    }
  }

  printsToStdio() {
    return false;
  }
}
