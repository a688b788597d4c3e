// bench/queue: the generation queue with a no-op provider (Generation issue, "Benchmarks").
//
// 1. Throughput and overhead: N single-node jobs queued one after another through POST /api/execute-node;
//    jobs/s from enqueue to done, and queue overhead = from the enqueue answering to the provider being
//    called (p50/p95; goal p95 ≤ 50 ms). Baseline in the same run: the same runs driven straight through
//    the runner (no queue, no HTTP), so the ratio shows what the queue costs.
// 2. Load: 200 jobs at once across 20 users (10 each), then: nothing left queued or running, every node
//    completed, and every user's ledger balanced (balance = grant − captured cost; no hold left behind).
//
// The provider is a fake of an external one (fal) that answers at once with a tiny PNG, so the figures are
// the studio's own cost. PGlite in-process by default; PostgreSQL when DATABASE_URL is set.
// Printed figures, not a pass/fail test: exits non-zero only if the measurement itself broke.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { buildApp } from "../server/app.ts";
import { openDatabase } from "../server/db/client.ts";
import { creditLedger, generations } from "../server/db/schema.ts";
import { creditBalance } from "../server/services/creditLedger.ts";

const SEQUENTIAL_JOBS = 200;
const USERS = 20;
const JOBS_PER_USER = 10;
const MODEL = "fal-ai/flux-pro/kontext"; // 40 credits a run
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const GRANT = 100_000;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const fmt = (n, d = 1) => n.toFixed(d);

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : {});
  const calledAt = new Map(); // generationId-less: keyed by prompt, which is unique per job
  const noop = {
    provider: "fal",
    async run(req) {
      calledAt.set(req.prompt, performance.now());
      return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
    },
  };
  const { server, generation } = await buildApp({
    database,
    config: {
      baseUrl: "http://localhost:3999",
      authSecret: randomBytes(32).toString("hex"),
      signupCredits: GRANT,
      port: 3999,
      // Every bench user signs up from the same (injected) address.
      authLimits: { failureWindowSeconds: 60, signupsPerAddressPerHour: 1000 },
    },
    generation: { engines: { fal: noop }, env: { FAL_KEY: "bench" }, workers: 4, perUserConcurrency: 4, perUserBacklog: 1000 },
  });
  const call = async (token, method, url, payload) => {
    const res = await server.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const signUp = async (i) => {
    const res = await server.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { name: `Bench ${i}`, email: `bench${i}.${randomUUID()}@example.com`, password: "correct horse 1" } });
    const body = res.json();
    return { id: body.user.id, token: body.token };
  };
  const projectWithNodes = async (user, count) => {
    const project = (await call(user.token, "POST", "/api/projects", { name: `Queue ${randomUUID()}` })).body;
    const ids = Array.from({ length: count }, (_, i) => `n${i}`);
    await call(user.token, "POST", `/api/projects/${project.id}/structure`, { nodes: ids.map((id, i) => ({ id, position: { x: i * 10, y: 0 } })) });
    return { projectId: project.id, ids };
  };
  const waitSettled = async (ids, timeoutMs = 120_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await database.db.select({ status: generations.status }).from(generations).where(inArray(generations.id, ids));
      if (rows.every((r) => !["waiting", "queued", "running"].includes(r.status))) return rows;
      if (Date.now() > until) return rows;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  // The moment the job is handed to the workers (its transaction committed and the node marked queued).
  let wokeAt = 0;
  const queue = generation.service.deps.queue;
  const wake = queue.wake.bind(queue);
  queue.wake = async () => {
    wokeAt = performance.now();
    return wake();
  };
  const queueOnly = [];

  // --- 1a. through the queue, one job at a time (enqueue → done), measuring overhead
  const solo = await signUp(0);
  const { projectId, ids } = await projectWithNodes(solo, 1);
  const overhead = [];
  const total = [];
  const t0 = performance.now();
  for (let i = 0; i < SEQUENTIAL_JOBS; i++) {
    const prompt = `queued ${i}`;
    const start = performance.now();
    const res = await call(solo.token, "POST", "/api/execute-node", { projectId, nodeId: ids[0], prompt, selectedModel: MODEL });
    if (res.status !== 202) throw new Error(`execute-node answered ${res.status} ${JSON.stringify(res.body)}`);
    await generation.service.waitFor(res.body.generationId);
    total.push(performance.now() - start);
    // From the request leaving to the provider being called: HTTP, validation, the reserve-and-queue
    // transaction, the node write and the worker picking the job up.
    overhead.push(calledAt.get(prompt) - start);
    queueOnly.push(calledAt.get(prompt) - wokeAt);
  }
  const queuedSeconds = (performance.now() - t0) / 1000;

  // --- 1b. baseline: the same runs straight through the runner (no HTTP, no queue, no polling)
  const direct = [];
  const t1 = performance.now();
  for (let i = 0; i < SEQUENTIAL_JOBS; i++) {
    const start = performance.now();
    const id = await generation.service.execute(solo.id, projectId, ids[0], { prompt: `direct ${i}`, modelId: MODEL, params: {}, controls: {}, variations: 1, seedFixed: false });
    await generation.service.runner.run(id); // whichever of worker and this call claims it first runs it
    await generation.service.waitFor(id);
    direct.push(performance.now() - start);
  }
  const directSeconds = (performance.now() - t1) / 1000;

  // --- 2. 200 jobs at once across 20 users
  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => signUp(i + 1)));
  const projects = await Promise.all(users.map((u) => projectWithNodes(u, JOBS_PER_USER)));
  const t2 = performance.now();
  const answers = await Promise.all(
    users.flatMap((u, i) => projects[i].ids.map((nodeId, k) => call(u.token, "POST", "/api/execute-node", { projectId: projects[i].projectId, nodeId, prompt: `load ${i}-${k}`, selectedModel: MODEL }))),
  );
  const queuedIds = answers.filter((a) => a.status === 202).map((a) => a.body.generationId);
  const settled = await waitSettled(queuedIds);
  const loadSeconds = (performance.now() - t2) / 1000;
  const stuck = settled.filter((r) => ["waiting", "queued", "running"].includes(r.status)).length;
  const succeeded = settled.filter((r) => r.status === "succeeded").length;
  let unbalanced = 0;
  let nodesNotCompleted = 0;
  for (const [i, u] of users.entries()) {
    const rows = await database.db.select().from(generations).where(and(eq(generations.userId, u.id)));
    const charged = rows.filter((r) => r.status === "succeeded").reduce((s, r) => s + r.reservedCredits, 0);
    const balance = await creditBalance(database.db, u.id);
    const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, u.id));
    const reserves = ledger.filter((l) => l.reason === "generation reserve").length;
    const settles = ledger.filter((l) => l.reason === "generation capture" || l.reason === "generation release").length;
    if (balance !== GRANT - charged || reserves !== settles) unbalanced++;
    const canvas = (await call(u.token, "GET", `/api/projects/nodes?projectId=${projects[i].projectId}`)).body;
    nodesNotCompleted += canvas.nodes.filter((n) => n.data.status !== "completed").length;
  }

  const p95 = quantile(overhead, 0.95);
  console.log(`\nbench/queue — ${databaseUrl ? "PostgreSQL" : "PGlite (embedded)"}, no-op provider, 4 in-process workers`);
  console.log("");
  console.log("  sequential jobs (enqueue → done)         through queue      direct runner (baseline)   ratio");
  console.log(`  jobs/s                                   ${fmt(SEQUENTIAL_JOBS / queuedSeconds).padStart(8)}          ${fmt(SEQUENTIAL_JOBS / directSeconds).padStart(8)}                   ${fmt(directSeconds / queuedSeconds, 2)}`);
  console.log(`  p50 per job (ms)                         ${fmt(quantile(total, 0.5)).padStart(8)}          ${fmt(quantile(direct, 0.5)).padStart(8)}                   ${fmt(quantile(total, 0.5) / quantile(direct, 0.5), 2)}`);
  console.log(`  queue overhead: job handed to the queue → provider called: p50 ${fmt(quantile(queueOnly, 0.5))} ms, p95 ${fmt(quantile(queueOnly, 0.95))} ms (goal ≤ 50 ms: ${quantile(queueOnly, 0.95) <= 50 ? "met" : "MISSED"}, ratio ${fmt(quantile(queueOnly, 0.95) / 50, 2)})`);
  console.log(`  whole request: execute-node sent → provider called: p50 ${fmt(quantile(overhead, 0.5))} ms, p95 ${fmt(p95)} ms (includes HTTP, validation, the reserve-and-queue transaction and the node write)`);
  console.log("");
  console.log(`  200 jobs at once, 20 users × 10:  ${answers.filter((a) => a.status === 202).length} queued, ${succeeded} succeeded in ${fmt(loadSeconds, 2)} s (${fmt(queuedIds.length / loadSeconds)} jobs/s)`);
  console.log(`  stuck (queued/running after): ${stuck}   nodes not completed: ${nodesNotCompleted}   users with an unbalanced ledger: ${unbalanced}`);
  await server.close();
  await database.close();
  if (stuck || unbalanced) process.exitCode = 0; // printed as findings; the measurement itself worked
}

main().catch((err) => {
  console.error("bench/queue broke:", err);
  process.exit(1);
});
