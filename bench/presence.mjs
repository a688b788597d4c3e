// bench/presence: does a cursor flood slow everyone else's canvas? The real studio on a fresh
// data dir, one project, three live tabs: a watcher (in presence, as a browser tab is), a flooder (in
// presence, sending 1,000 cursor frames a second) and the owner writing node data through autosave 20 times
// a second. Each write's delivery latency is the time from its request to its `nodes` message at the
// watcher (one process, one clock). Two phases in the same run: the writes alone (the baseline), then the
// same writes during the flood. Prints p50/p99 of both, their ratio, and how many of the flood's cursors
// reached the watcher a second (the server passes at most 20).
//
// Printed figures, not a pass/fail test: exits 0 when a goal is missed, non-zero only if the measurement
// itself broke.
import WebSocket from "ws";
import { BenchBroken, apiClient, fmt, quantile, runBench, signUp, sleep, startStudio, table, verdict } from "./lib/studio.mjs";

const WRITES = 300;
const WRITE_EVERY_MS = 50;
const FLOOD_PER_SECOND = 1000;
/** The goal: canvas messages are no slower with the flood than without (some noise allowed). */
const P99_RATIO_GOAL = 1.2;

function openTab(baseUrl, token, projectId, hello) {
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/api/projects/${projectId}/live`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const listeners = new Set();
  ws.on("message", (raw) => {
    const message = JSON.parse(String(raw));
    for (const l of listeners) l(message);
  });
  return new Promise((resolve, reject) => {
    ws.once("error", reject);
    listeners.add(function ready(m) {
      if (m.type !== "ready") return;
      listeners.delete(ready);
      if (hello) ws.send(JSON.stringify({ type: "presence", ...hello }));
      resolve({ ws, on: (fn) => listeners.add(fn) });
    });
  });
}

async function phase(call, projectId, watcher, startRev, flooder) {
  const sentAt = new Map();
  const latencies = [];
  let cursors = 0;
  watcher.on((m) => {
    if (m.type === "cursor") cursors++;
    if (m.type !== "nodes") return;
    const title = m.nodes[0]?.data?.title ?? "";
    const at = sentAt.get(title);
    if (at !== undefined) {
      latencies.push(performance.now() - at);
      sentAt.delete(title);
    }
  });
  let flood;
  if (flooder) {
    let i = 0;
    // 10 frames every 10 ms: 1,000 a second.
    flood = setInterval(() => {
      for (let k = 0; k < FLOOD_PER_SECOND / 100; k++, i++)
        flooder.ws.send(JSON.stringify({ type: "cursor", x: i % 2000, y: (i * 7) % 2000 }));
    }, 10);
  }
  const started = performance.now();
  for (let i = 0; i < WRITES; i++) {
    const rev = startRev + i + 1;
    const title = `write ${rev}`;
    sentAt.set(title, performance.now());
    await call("POST", "/api/workflows/autosave", { projectId, updates: [{ nodeId: "n1", prevRev: rev - 1, nodeData: { title, rev } }] });
    const next = started + (i + 1) * WRITE_EVERY_MS;
    await sleep(Math.max(0, next - performance.now()));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(flood);
  await sleep(500);
  if (latencies.length < WRITES * 0.9) throw new BenchBroken(`only ${latencies.length} of ${WRITES} writes reached the watcher`);
  return { latencies, cursorsPerSecond: cursors / seconds, lost: WRITES - latencies.length };
}

async function main() {
  const studio = await startStudio();
  const owner = await signUp(studio.url, "Owner");
  const member = await signUp(studio.url, "Member");
  const call = apiClient(studio.url, owner.token);
  const project = await call("POST", "/api/projects", { name: "Presence bench" });
  await call("POST", `/api/projects/${project.id}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
  await call("POST", `/api/projects/${project.id}/members`, { email: member.email, permission: "edit" });

  const watcher = await openTab(studio.url, owner.token, project.id, { mode: "canvas" });
  const flooder = await openTab(studio.url, member.token, project.id, { mode: "canvas" });
  // Warm-up: the first writes pay for JIT and the first queries.
  await phase(call, project.id, watcher, 0);
  const quiet = await phase(call, project.id, watcher, WRITES);
  const flooded = await phase(call, project.id, watcher, WRITES * 2, flooder);
  watcher.ws.close();
  flooder.ws.close();
  await studio.stop();

  const p = (r, q) => quantile(r.latencies, q);
  console.log(
    `\nbench:presence — ${WRITES} node writes at ${1000 / WRITE_EVERY_MS}/s, delivered to a tab in presence (${studio.engine ?? "PGlite"})\n`,
  );
  table(
    ["phase", "p50 ms", "p99 ms", "max ms", "cursors/s at the watcher"],
    [
      [
        "writes alone (baseline)",
        fmt(p(quiet, 0.5)),
        fmt(p(quiet, 0.99)),
        fmt(Math.max(...quiet.latencies)),
        fmt(quiet.cursorsPerSecond, 1),
      ],
      [
        `writes + ${FLOOD_PER_SECOND} cursors/s from one tab`,
        fmt(p(flooded, 0.5)),
        fmt(p(flooded, 0.99)),
        fmt(Math.max(...flooded.latencies)),
        fmt(flooded.cursorsPerSecond, 1),
      ],
    ],
    [1, 2, 3, 4],
  );
  const ratio = p(flooded, 0.99) / p(quiet, 0.99);
  console.log(`\n  ${verdict(ratio <= P99_RATIO_GOAL)} p99 with the flood / without: ${ratio.toFixed(2)}× (goal ≤ ${P99_RATIO_GOAL}×)`);
  console.log(
    `  ${verdict(flooded.cursorsPerSecond <= 21)} cursors passed on: ${fmt(flooded.cursorsPerSecond, 1)}/s of ${FLOOD_PER_SECOND}/s sent (goal ≤ 20/s)`,
  );
}

runBench(main);
