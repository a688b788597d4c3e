/**
 * Script breakdowns and reports run in a worker thread (./breakdownWorker.ts): paginating a 200-page
 * script takes a few hundred milliseconds, which on the server's own thread would hold every other request
 * ("a 200-page script must not block the server").
 */
import type { Breakdown, BreakdownReport } from "../../domain/breakdown";
import type { ScreenplayElement } from "../../domain/screenplay/elements";
import type { ScriptFormat } from "../../domain/screenplay/format";
import { createWorkerHost } from "../workers/workerHost";

type Task = { elements: ScreenplayElement[]; format?: ScriptFormat | null } & (
  | { task: "breakdown"; headingId?: string }
  | { task: "report" }
);
export type BreakdownRequest = Task & { id: number };
export type BreakdownReply =
  | { id: number; ok: true; breakdown?: Breakdown; report?: BreakdownReport }
  | { id: number; ok: false; message: string };

const run = createWorkerHost<Task, BreakdownReply, Extract<BreakdownReply, { ok: true }>>({
  url: new URL("./breakdownWorker.mjs", import.meta.url),
  timeLimitMs: 30_000,
  heapMb: 1024,
  settle(reply) {
    if (!reply.ok) throw new Error(reply.message);
    return reply;
  },
  failure: (_task, cause) =>
    new Error(
      cause === "timeout" ? "The breakdown took too long. Please try again." : "The breakdown stopped unexpectedly. Please try again.",
    ),
});

export async function breakDownOffThread(
  elements: ScreenplayElement[],
  headingId?: string,
  format?: ScriptFormat | null,
): Promise<Breakdown> {
  return (await run({ task: "breakdown", elements, headingId, format: format ?? null })).breakdown!;
}

export async function breakdownReportOffThread(elements: ScreenplayElement[], format?: ScriptFormat | null): Promise<BreakdownReport> {
  return (await run({ task: "report", elements, format: format ?? null })).report!;
}
