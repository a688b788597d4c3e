/**
 * A worker thread that reads scripts for the breakdown and its report (breakdownHost.ts): paginating a
 * 200-page script takes a few hundred milliseconds, which on the server's own thread would hold every
 * other request ("a 200-page script must not block the server").
 */
import { parentPort } from "node:worker_threads";
import { breakDown } from "../../domain/breakdown/breakDown";
import { breakdownReport } from "../../domain/breakdown/report";
import type { BreakdownReply, BreakdownRequest } from "./breakdownHost";

const port = parentPort!;

port.on("message", (m: BreakdownRequest) => {
  let reply: BreakdownReply;
  try {
    reply =
      m.task === "breakdown"
        ? { id: m.id, ok: true, breakdown: breakDown(m.elements, { headingId: m.headingId, format: m.format ?? null }) }
        : { id: m.id, ok: true, report: breakdownReport(m.elements, m.format ?? null) };
  } catch (err) {
    reply = { id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
