// bench/queue: what the run engine (server/runs) costs around a run's own work.
//
// 1. Queue overhead of a no-op run: N runs of one node, one after another, started through the engine
//    (hold, row, job, node marked) and waited for until settled (claimed, output stored, node written,
//    captured). The provider is a fake of an external one (fal) that answers at once with a tiny PNG; the
//    baseline in the same run is that provider called directly, timed inside each queued run. Overhead =
//    queued run − its own provider call. Goal on PGlite: p50 ≤ 10 ms, p95 ≤ 25 ms. Each run is of a node
//    its last run here left as it is (a re-roll), which the engine starts without reading
//    (server/runs/knownNodes.ts). For reference, the same through HTTP (POST /api/execute-node, sign-in and
//    validation included); with the node renamed between runs (untimed) through the autosave, as a film
//    maker edits a prompt before running again (the engine hears the edit and keeps its copy up to date);
//    and renamed where this process cannot hear it (as another instance would write it, its message lost),
//    so each start finds its copy moved on and starts again from the node as answered. Beside each run
//    (untimed in it), one bare statement (select 1) through the same client: the floor any statement pays.
// 2. Crop 16:9 of a 512 px portrait through the queue (POST /api/tools/execute → settled) against
//    runLocalTool on the same bytes, alternating, medians. Goal: queue ≤ 2 × direct + 15 ms.
// 3. Load: 200 runs at once across 20 users (10 each): nothing left queued or running, every node
//    completed, every user's ledger balanced (balance = grant − captured cost; one settle per hold).
// 4. With DATABASE_URL (PostgreSQL): scale out. The studio queues with no workers of its own; `npm run
//    worker` processes (one, then two, 4 workers each) share the queue. jobs/s for each, no run done twice
//    (one attempt each, one version on each node), every ledger balanced.
//
// PGlite by default, its data on disk in a temporary directory as `npm start` keeps it (DATA_DIR/db; in
// memory, the file system's growth copies and the garbage they leave add to the slow runs' time, which no
// user's studio pays); PostgreSQL when DATABASE_URL is set. BENCH_QUEUE_SCALE_ONLY=1 runs part 4 alone. Printed figures, not a pass/fail
// test: exits non-zero only if the measurement itself broke.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { and, eq, inArray, sql } from "drizzle-orm";
import { buildApp } from "../server/app.ts";
import { openDatabase } from "../server/db/client.ts";
import { PGliteThread } from "../server/db/pgliteThread.ts";
import { creditLedger, generations } from "../server/db/schema.ts";
import { startFalFake } from "../server/generation/hosted/fakes/falFake.ts";
import { modelRunKind } from "../server/generation/modelRun.ts";
import { creditBalance } from "../server/services/creditLedger.ts";
import { multipartForm } from "../server/test/multipart.ts";
import { portrait } from "../server/tools/local/ai/testFixtures.ts";
import { runLocalTool } from "../server/tools/runLocalTool.ts";

const SEQUENTIAL_JOBS = 200;
const WARM_UP_JOBS = 60;
const HTTP_JOBS = 50;
const EDITED_JOBS = 50;
const UNHEARD_JOBS = 50;
const TRACED_JOBS = 50;
const CROP_REPS = 7;
const USERS = 20;
const JOBS_PER_USER = 10;
const SCALE_USERS = 12;
const SCALE_JOBS_PER_USER = 10;
const MODEL = "fal-ai/flux-pro/kontext"; // 40 credits a run
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const GRANT = 100_000;
const ACTIVE = ["waiting", "queued", "running"];

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs) => quantile(xs, 0.5);
const fmt = (n, d = 1) => n.toFixed(d);
const verdict = (ok) => (ok ? "met" : "MISSED");

/**
 * Counts the embedded database's round trips (every message to its thread: a statement, BEGIN, COMMIT) and
 * the time each waited for its answer, grouped by what it is, while `on`. Part 1 turns it on for a window
 * of runs and prints where a no-op run's round trips and milliseconds go.
 */
const trace = { on: false, calls: [] };
const originalCall = PGliteThread.prototype.call;
PGliteThread.prototype.call = function (message) {
  if (!trace.on) return originalCall.call(this, message);
  const t = performance.now();
  const done = originalCall.call(this, message);
  const label = message.op === "query" || message.op === "exec" ? statementLabel(message.text) : message.op;
  const record = (ok) => trace.calls.push({ label, ms: performance.now() - t, ok });
  done.then(
    () => record(true),
    () => record(false),
  );
  return done;
};
/** Round trips per run by statement, most time first. */
function summariseTrace(calls, runs) {
  const by = new Map();
  for (const c of calls) {
    const row = by.get(c.label) ?? { label: c.label, count: 0, ms: 0 };
    row.count++;
    row.ms += c.ms;
    by.set(c.label, row);
  }
  const rows = [...by.values()]
    .map((r) => ({ ...r, perRun: r.count / runs, msPerRun: r.ms / runs }))
    .sort((a, b) => b.msPerRun - a.msPerRun);
  return { rows, perRun: calls.length / runs, msPerRun: calls.reduce((s, c) => s + c.ms, 0) / runs };
}

/** A statement's gist: a function it calls, else its verb and first table. */
function statementLabel(text) {
  const t = text.replace(/\s+/g, " ").trim();
  const fn = /select (?:\* from )?"?(\w+)"?\(/i.exec(t);
  if (fn && !/^(count|exists|coalesce|max|min|now)$/i.test(fn[1])) return `${fn[1]}()`;
  // A statement of several writes (with … as (update …)) is named by its first write.
  const write = /^with\b.*?[(),]\s*(update|insert into|delete from)\s+"?([\w.]+)"?/i.exec(t);
  if (write) return `with: ${write[1].toLowerCase().split(" ")[0]} ${write[2]}`;
  const m = /^(with .*? )?(select|insert into|update|delete from)\s.*?("?[\w.]+"?\."?\w+"?|"\w+")/i.exec(t) ?? /^(\w+)/.exec(t);
  if (!m) return t.slice(0, 40);
  if (m.length < 4) return m[1];
  const verb = m[2].toLowerCase().split(" ")[0];
  const table = (/(?:from|into|update)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(t)?.[1] ?? m[3]).replaceAll('"', "");
  return `${verb} ${table}`;
}
const choices = (prompt, modelId = MODEL) => ({ prompt, modelId, params: {}, controls: {}, variations: 1, seedFixed: false });

async function studio(database, dataDir, generation) {
  const { server, generation: built } = await buildApp({
    database,
    config: {
      baseUrl: "http://localhost:3999",
      authSecret: "bench-queue-secret-0123456789abcdef0123456789abcdef",
      signupCredits: GRANT,
      port: 3999,
      dataDir,
      // Every bench user signs up from the same (injected) address.
      authLimits: { failureWindowSeconds: 60, signupsPerAddressPerHour: 1000 },
    },
    generation,
  });
  const call = async (token, method, url, payload) => {
    const res = await server.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const signUp = async (i) => {
    const res = await server.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: `Bench ${i}`, email: `bench${i}.${randomUUID()}@example.com`, password: "correct horse 1" },
    });
    const body = res.json();
    return { id: body.user.id, token: body.token };
  };
  const projectWithNodes = async (user, count) => {
    const project = (await call(user.token, "POST", "/api/projects", { name: `Queue ${randomUUID()}` })).body;
    const ids = Array.from({ length: count }, (_, i) => `n${i}`);
    await call(user.token, "POST", `/api/projects/${project.id}/structure`, {
      nodes: ids.map((id, i) => ({ id, position: { x: i * 10, y: 0 } })),
    });
    return { projectId: project.id, ids };
  };
  const waitSettled = async (ids, timeoutMs = 300_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await database.db
        .select({ status: generations.status, attempts: generations.attempts })
        .from(generations)
        .where(inArray(generations.id, ids));
      if (rows.every((r) => !ACTIVE.includes(r.status)) || Date.now() > until) return rows;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Users whose ledger does not add up: balance = grant − what succeeded runs cost, and one settle per hold. */
  const unbalancedLedgers = async (users) => {
    let unbalanced = 0;
    for (const u of users) {
      const rows = await database.db
        .select()
        .from(generations)
        .where(and(eq(generations.userId, u.id)));
      const charged = rows.filter((r) => r.status === "succeeded").reduce((s, r) => s + r.reservedCredits, 0);
      const balance = await creditBalance(database.db, u.id);
      const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, u.id));
      const reserves = ledger.filter((l) => l.reason === "generation reserve").length;
      const settles = ledger.filter((l) => l.reason === "generation capture" || l.reason === "generation release").length;
      if (balance !== GRANT - charged || reserves !== settles) unbalanced++;
    }
    return unbalanced;
  };
  return { server, engine: built.service, call, signUp, projectWithNodes, waitSettled, unbalancedLedgers };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "reelgraph-bench-queue-"));
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "db") });
  let ownWork = 0;
  const noop = {
    provider: "fal",
    async run() {
      const t = performance.now();
      const answer = { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
      ownWork = performance.now() - t;
      return answer;
    },
  };
  if (process.env.BENCH_QUEUE_SCALE_ONLY && databaseUrl) {
    await scaleOut(database, databaseUrl, dataDir);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const s = await studio(database, dataDir, {
    engines: { fal: noop },
    env: { FAL_KEY: "bench" },
    workers: 4,
    perUserConcurrency: 4,
    perUserBacklog: 1000,
  });
  const { engine } = s;

  // --- 1. a no-op run through the engine, one at a time, against its own provider call
  const solo = await s.signUp(0);
  const { projectId, ids } = await s.projectWithNodes(solo, 1);
  const target = { userId: solo.id, projectId, nodeId: ids[0] };
  for (let i = 0; i < WARM_UP_JOBS; i++) await engine.waitFor(await engine.start(modelRunKind, target, choices(`warm-up ${i}`)));
  // A studio that has been up a minute has had the embedded database's housekeeping (analyze and vacuum
  // where due, server/db/embeddedHousekeeping.ts, on a 30 s timer); the bench measures that studio, not one
  // whose tables were never analyzed, so it runs the pass now instead of waiting for the timer.
  const housekept = (await database.housekeep?.()) ?? [];
  const queued = [];
  const direct = [];
  const bareStatement = [];
  const t0 = performance.now();
  for (let i = 0; i < SEQUENTIAL_JOBS; i++) {
    const start = performance.now();
    const id = await engine.start(modelRunKind, target, choices(`queued ${i}`));
    const row = await engine.waitFor(id);
    queued.push(performance.now() - start);
    direct.push(ownWork);
    if (row.status !== "succeeded") throw new Error(`run ${i} ended ${row.status}: ${row.error}`);
    // What any statement costs beside each run (untimed in it): one bare statement through the same client.
    const bare = performance.now();
    await database.db.execute(sql`select 1`);
    bareStatement.push(performance.now() - bare);
  }
  const queuedSeconds = (performance.now() - t0) / 1000;
  const overhead = queued.map((q, i) => q - direct[i]);
  // Where a run's round trips and time go: the same runs again with the database thread traced.
  const startMs = [];
  const settleMs = [];
  trace.on = true;
  for (let i = 0; i < TRACED_JOBS; i++) {
    const t = performance.now();
    const id = await engine.start(modelRunKind, target, choices(`traced ${i}`));
    startMs.push(performance.now() - t);
    await engine.waitFor(id);
    settleMs.push(performance.now() - t - startMs.at(-1));
  }
  trace.on = false;
  const traced = summariseTrace(trace.calls, TRACED_JOBS);
  const http = [];
  for (let i = 0; i < HTTP_JOBS; i++) {
    const start = performance.now();
    const res = await s.call(solo.token, "POST", "/api/execute-node", {
      projectId,
      nodeId: ids[0],
      prompt: `http ${i}`,
      selectedModel: MODEL,
    });
    if (res.status !== 202) throw new Error(`execute-node answered ${res.status} ${JSON.stringify(res.body)}`);
    await engine.waitFor(res.body.generationId);
    http.push(performance.now() - start);
  }
  // The node renamed before each run (untimed) as a tab saves it: the engine hears the write and keeps its copy up to date.
  const edited = [];
  for (let i = 0; i < EDITED_JOBS; i++) {
    const node = (await s.call(solo.token, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.find((n) => n.id === ids[0]);
    const saved = await s.call(solo.token, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: ids[0], prevRev: node.data.rev, nodeData: { ...node.data, title: `take ${i}`, rev: node.data.rev + 1 } }],
    });
    if (saved.status !== 200) throw new Error(`autosave answered ${saved.status} ${JSON.stringify(saved.body)}`);
    const start = performance.now();
    const row = await engine.waitFor(await engine.start(modelRunKind, target, choices(`edited ${i}`)));
    edited.push(performance.now() - start - ownWork);
    if (row.status !== "succeeded") throw new Error(`edited run ${i} ended ${row.status}: ${row.error}`);
  }
  // Renamed as another instance would write it, with no message here: each start finds its copy moved on.
  const unheard = [];
  for (let i = 0; i < UNHEARD_JOBS; i++) {
    await database.db.execute(
      sql`update nodes set data = data || jsonb_build_object('title', ${`elsewhere ${i}`}::text, 'rev', rev + 1), rev = rev + 1
          where project_id = ${projectId} and id = ${ids[0]}`,
    );
    const start = performance.now();
    const row = await engine.waitFor(await engine.start(modelRunKind, target, choices(`unheard ${i}`)));
    unheard.push(performance.now() - start - ownWork);
    if (row.status !== "succeeded") throw new Error(`unheard run ${i} ended ${row.status}: ${row.error}`);
  }

  // --- 2. crop 16:9 through the queue against the tool called directly on the same bytes
  const input = await sharp(await portrait())
    .resize(512, 512, { fit: "inside" })
    .jpeg({ quality: 92 })
    .toBuffer();
  const cropParams = { aspect_ratio: "16:9" };
  const cropDirect = async () => {
    const t = performance.now();
    await runLocalTool(
      "local/crop-aspect",
      { node: { bytes: input, contentType: "image/jpeg" }, nodeText: "", connected: [] },
      cropParams,
      { signal: new AbortController().signal, onProgress: () => {} },
    );
    return performance.now() - t;
  };
  let cropNodes = 0;
  const cropQueued = async () => {
    const nodeId = `crop${++cropNodes}`;
    await s.call(solo.token, "POST", `/api/projects/${projectId}/structure`, {
      nodes: [{ id: nodeId, position: { x: cropNodes * 600, y: 600 } }],
    });
    const form = multipartForm([
      ["projectId", projectId],
      ["nodeId", nodeId],
      ["file", { filename: "portrait.jpg", type: "image/jpeg", data: input }],
    ]);
    const up = await s.server.inject({
      method: "POST",
      url: "/api/upload-media",
      payload: form.payload,
      headers: { authorization: `Bearer ${solo.token}`, ...form.headers },
    });
    const url = JSON.parse(up.body).url;
    await s.call(solo.token, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId, prevRev: 0, nodeData: { title: "Plate", mediaUrl: url, displayUrl: url, contentType: "image", rev: 1 } }],
    });
    const t = performance.now();
    const res = await s.call(solo.token, "POST", "/api/tools/execute", {
      toolId: "local/crop-aspect",
      nodeId,
      projectId,
      parameters: cropParams,
    });
    if (res.status !== 202) throw new Error(`tools/execute answered ${res.status} ${JSON.stringify(res.body)}`);
    const row = await engine.waitFor(res.body.generationId, 120_000);
    if (row.status !== "succeeded") throw new Error(`crop through the queue ended ${row.status}: ${row.error}`);
    return performance.now() - t;
  };
  await cropDirect();
  await cropQueued();
  const cropD = [];
  const cropQ = [];
  for (let i = 0; i < CROP_REPS; i++) {
    cropD.push(await cropDirect());
    cropQ.push(await cropQueued());
  }

  // --- 3. 200 runs at once across 20 users
  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => s.signUp(i + 1)));
  const projects = await Promise.all(users.map((u) => s.projectWithNodes(u, JOBS_PER_USER)));
  const t2 = performance.now();
  const answers = await Promise.all(
    users.flatMap((u, i) =>
      projects[i].ids.map((nodeId, k) =>
        s.call(u.token, "POST", "/api/execute-node", {
          projectId: projects[i].projectId,
          nodeId,
          prompt: `load ${i}-${k}`,
          selectedModel: MODEL,
        }),
      ),
    ),
  );
  const loadIds = answers.filter((a) => a.status === 202).map((a) => a.body.generationId);
  const settled = await s.waitSettled(loadIds);
  const loadSeconds = (performance.now() - t2) / 1000;
  const stuck = settled.filter((r) => ACTIVE.includes(r.status)).length;
  const succeeded = settled.filter((r) => r.status === "succeeded").length;
  let nodesNotCompleted = 0;
  for (const [i, u] of users.entries()) {
    const canvas = (await s.call(u.token, "GET", `/api/projects/nodes?projectId=${projects[i].projectId}`)).body;
    nodesNotCompleted += canvas.nodes.filter((n) => n.data.status !== "completed").length;
  }
  const unbalanced = await s.unbalancedLedgers(users);
  await s.server.close();

  const p50 = quantile(overhead, 0.5);
  const p95 = quantile(overhead, 0.95);
  const cropGoal = 2 * median(cropD) + 15;
  console.log(
    `\nbench/queue — ${databaseUrl ? "PostgreSQL" : "PGlite (embedded, data on disk as npm start keeps it)"}, 4 in-process workers`,
  );
  console.log("");
  console.log(
    `1. A no-op run (fake fal answering at once), ${SEQUENTIAL_JOBS} one after another: engine.start → settled, against the provider called directly in the same run`,
  );
  console.log(
    database.housekeep
      ? `   after ${WARM_UP_JOBS} warm-up runs and one housekeeping pass of the embedded database (${housekept.length ? `analyzed or vacuumed: ${housekept.join(", ")}` : "nothing due"})`
      : `   after ${WARM_UP_JOBS} warm-up runs (PostgreSQL's autovacuum keeps its own tables)`,
  );
  console.log("                         through the queue   provider directly (baseline)   queue overhead (queue − direct)   goal");
  console.log(
    `  p50 per run (ms)       ${fmt(quantile(queued, 0.5)).padStart(10)}          ${fmt(quantile(direct, 0.5), 3).padStart(10)}                     ${fmt(p50).padStart(10)}                  ≤ 10 ms: ${verdict(p50 <= 10)}`,
  );
  console.log(
    `  p95 per run (ms)       ${fmt(quantile(queued, 0.95)).padStart(10)}          ${fmt(quantile(direct, 0.95), 3).padStart(10)}                     ${fmt(p95).padStart(10)}                  ≤ 25 ms: ${verdict(p95 <= 25)}`,
  );
  console.log(`  jobs/s one at a time   ${fmt(SEQUENTIAL_JOBS / queuedSeconds).padStart(10)}`);
  console.log(
    `  a bare statement (select 1 through the same client, one after each run): p50 ${fmt(median(bareStatement), 3)} ms; the queue overhead p50 is ${fmt(p50 / median(bareStatement))} of them`,
  );
  console.log(
    `  the same through HTTP (POST /api/execute-node → settled, ${HTTP_JOBS} runs): p50 ${fmt(quantile(http, 0.5))} ms, p95 ${fmt(quantile(http, 0.95))} ms`,
  );
  console.log(
    `  the node renamed between runs through the autosave (the edit heard, ${EDITED_JOBS} runs): queue overhead p50 ${fmt(quantile(edited, 0.5))} ms, p95 ${fmt(quantile(edited, 0.95))} ms`,
  );
  console.log(
    `  the node renamed where this process cannot hear it (its copy moved on, ${UNHEARD_JOBS} runs): queue overhead p50 ${fmt(quantile(unheard, 0.5))} ms, p95 ${fmt(quantile(unheard, 0.95))} ms`,
  );
  console.log(
    `  where a run goes (${TRACED_JOBS} more runs, database thread traced): engine.start p50 ${fmt(median(startMs))} ms, start returned → settled p50 ${fmt(median(settleMs))} ms; ${fmt(traced.perRun)} round trips a run, ${fmt(traced.msPerRun)} ms of them`,
  );
  console.log("    round trips a run   ms a run   statement");
  for (const row of traced.rows) console.log(`    ${fmt(row.perRun, 2).padStart(17)}   ${fmt(row.msPerRun, 2).padStart(8)}   ${row.label}`);
  console.log("");
  console.log(
    `2. Crop 16:9 of a 512 px portrait, medians of ${CROP_REPS} after a warm-up: through the queue (POST /api/tools/execute → settled) against runLocalTool directly`,
  );
  console.log(
    `  direct (baseline) ${fmt(median(cropD), 0)} ms   through the queue ${fmt(median(cropQ), 0)} ms   ratio ${fmt(median(cropQ) / median(cropD), 2)}×   goal ≤ 2 × direct + 15 ms = ${fmt(cropGoal, 0)} ms: ${verdict(median(cropQ) <= cropGoal)}`,
  );
  console.log(`  every run (ms), direct | queue: ${cropD.map((x) => fmt(x, 0)).join(" ")} | ${cropQ.map((x) => fmt(x, 0)).join(" ")}`);
  console.log("");
  console.log(
    `3. 200 runs at once, 20 users × 10:  ${loadIds.length} queued, ${succeeded} succeeded in ${fmt(loadSeconds, 2)} s (${fmt(loadIds.length / loadSeconds)} jobs/s)`,
  );
  console.log(
    `  stuck (queued/running after): ${stuck}   nodes not completed: ${nodesNotCompleted}   users with an unbalanced ledger: ${unbalanced}`,
  );

  if (databaseUrl) await scaleOut(database, databaseUrl, dataDir);
  else console.log("\n4. Scale out: needs DATABASE_URL (PostgreSQL); worker processes cannot share the embedded database.");
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** `npm run worker` processes sharing the queue of a studio that runs none itself. */
async function scaleOut(database, databaseUrl, dataDir) {
  // Worker processes reach fal's fake over HTTP (it answers on the first status poll with a tiny PNG).
  const fal = await startFalFake({ key: "bench", pollsToComplete: 0 });
  const falEnv = { FAL_KEY: "bench", FAL_BASE_URL: fal.origin };
  const s = await studio(database, dataDir, { workers: 0, env: falEnv, perUserConcurrency: 4, perUserBacklog: 1000 });
  console.log(
    `\n4. Scale out on PostgreSQL: ${SCALE_USERS * SCALE_JOBS_PER_USER} runs of ${MODEL} (fal's fake over HTTP, 40 credits each) queued at once across ${SCALE_USERS} users; the studio runs none itself`,
  );
  console.log("  worker processes   jobs/s   succeeded   run twice   nodes without exactly one version   unbalanced ledgers");
  for (const processes of [1, 2]) {
    const workers = [];
    for (let i = 0; i < processes; i++) workers.push(await startWorker(databaseUrl, dataDir, falEnv));
    try {
      const users = await Promise.all(Array.from({ length: SCALE_USERS }, (_, i) => s.signUp(`scale${processes}-${i}`)));
      const projects = await Promise.all(users.map((u) => s.projectWithNodes(u, SCALE_JOBS_PER_USER)));
      const t = performance.now();
      const runIds = await Promise.all(
        users.flatMap((u, i) =>
          projects[i].ids.map((nodeId, k) =>
            s.engine.start(
              modelRunKind,
              { userId: u.id, projectId: projects[i].projectId, nodeId },
              choices(`scale ${processes}-${i}-${k}`),
            ),
          ),
        ),
      );
      const rows = await s.waitSettled(runIds);
      const seconds = (performance.now() - t) / 1000;
      const twice = rows.filter((r) => r.attempts !== 1).length;
      let versions = 0;
      for (const [i, u] of users.entries()) {
        const canvas = (await s.call(u.token, "GET", `/api/projects/nodes?projectId=${projects[i].projectId}`)).body;
        versions += canvas.nodes.filter((n) => (n.data.versionHistory ?? []).length !== 1).length;
      }
      const unbalanced = await s.unbalancedLedgers(users);
      const ok = rows.filter((r) => r.status === "succeeded").length;
      console.log(
        `  ${String(processes).padStart(16)}   ${fmt(runIds.length / seconds).padStart(6)}   ${String(ok).padStart(9)}   ${String(twice).padStart(9)}   ${String(versions).padStart(33)}   ${String(unbalanced).padStart(18)}`,
      );
    } finally {
      for (const w of workers) await w.stop();
    }
  }
  await s.server.close();
  await fal.close();
}

/** One `npm run worker` process (4 workers) on the bench's database and media folder; resolves once it works. */
async function startWorker(databaseUrl, dataDir, extraEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      ...extraEnv,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      GENERATION_WORKERS: "4",
      GENERATION_USER_CONCURRENCY: "4",
      BETTER_AUTH_SECRET: "bench-queue-secret-0123456789abcdef0123456789abcdef",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // A bench that stops early leaves no worker behind.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("generation worker") && resolve());
    child.once("exit", (code) => reject(new Error(`npm run worker exited with ${code}`)));
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        process.off("exit", orphanGuard);
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

main().catch((err) => {
  console.error("bench/queue broke:", err);
  process.exit(1);
});
