/**
 * The ledger chaos run: the real studio as a child process (PGlite on disk) runs many paid jobs
 * for many users against a fake fal whose runs fail 30% of the time, is SIGKILLed mid-job and restarted
 * (its in-process workers die with it; restart recovers what was running), while Stripe webhooks — each
 * checkout's events delivered again and again, out of order — grant credits. Afterwards the database is
 * read directly and every user's ledger is checked: balance = grants − captures, one grant per event, no
 * duplicate captures, no hold left open, no node left generating. Before each kill a graph run (Run all of
 * a three-node chain) is started, so the kill lands mid-graph: what never ran is refunded, and
 * no chain is left waiting (recovery advances it).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { catalogItem } from "../../domain/billing/catalog";
import { startFakeStripe } from "../../server/billing/testing/fakeStripe";
import { openDatabase, rowsOf } from "../../server/db/client";
import { creditLedger, generations, nodes } from "../../server/db/schema";
import { startFalFake } from "../../server/generation/hosted/fakes/falFake";
import { StudioProcess } from "../fuzz/studioProcess";

export interface ChaosOptions {
  jobs: number;
  users: number;
  /** Share of provider runs that fail. */
  failureRate: number;
  /** SIGKILLs of the studio, spread over the run. */
  kills: number;
  /** Webhook deliveries (replays included). */
  webhooks: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface ChaosResult {
  jobsAccepted: number;
  jobsRefused: Record<string, number>;
  succeeded: number;
  failed: number;
  kills: number;
  deliveries: number;
  deliveriesRefusedWhileDown: number;
  seconds: number;
  /** Users whose balance ≠ grants − captures. */
  unbalanced: string[];
  /** Grants that happened more (or less) than once per paid checkout. */
  grantMismatches: string[];
  duplicateCaptures: number;
  openHoldsOlderThan30Min: number;
  openHolds: number;
  nodesGenerating: number;
  stuckGenerations: number;
  /** What the stuck ones were doing (status → count), to say where to look. */
  stuckStatuses: Record<string, number>;
  /** Graph runs started just before a kill, and their nodes queued. */
  graphRuns: number;
  graphNodes: number;
}

const MODEL = "fal-ai/flux-pro/kontext";
const WEBHOOK_SECRET = "whsec_chaos";
const PACK = "pack:pack-5";
const SIGNUP_CREDITS = 5000;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function runLedgerChaos(opts: ChaosOptions): Promise<ChaosResult> {
  const log = opts.log ?? (() => {});
  const random = rng(opts.seed ?? 1);
  const started = Date.now();
  // A run fails when the hash of its fal request id says so: about `failureRate` of them, the same on replay.
  const fal = await startFalFake({
    key: "chaos-key",
    pollsToComplete: 2,
    fails: (job) =>
      createHash("sha256")
        .update(job.id + job.input.prompt)
        .digest()[0]! /
        256 <
      opts.failureRate,
  });
  const stripe = await startFakeStripe();
  const studio = await StudioProcess.start({
    FAL_KEY: "chaos-key",
    FAL_BASE_URL: fal.origin,
    STRIPE_SECRET_KEY: "sk_test_chaos",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    GENERATION_USER_BACKLOG: "100000",
    GENERATION_USER_CONCURRENCY: "4",
    GENERATION_WORKERS: "4",
    SIGNUP_CREDITS: String(SIGNUP_CREDITS),
    // The embedded database, which this run reads afterwards (a DATABASE_URL in the shell is not for it).
    DATABASE_URL: "",
  });
  try {
    const call = async (token: string | null, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${studio.url}${path}`, {
        method,
        // better-auth checks the origin of its own calls (a browser always sends one).
        headers: {
          origin: studio.url,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    /** A request that outlives a kill: network errors are retried once the studio is back. */
    const persistent = async (token: string | null, method: string, path: string, body?: unknown) => {
      for (;;) {
        try {
          return await call(token, method, path, body);
        } catch {
          await new Promise((r) => setTimeout(r, 200));
          await studio.up();
        }
      }
    };

    // --- users, each with a project of nodes and a paid pack checkout ------------------------------------
    const users: { id: string; token: string; projectId: string; nodeIds: string[]; events: Record<string, unknown>[] }[] = [];
    const perUser = Math.ceil(opts.jobs / opts.users);
    for (let i = 0; i < opts.users; i++) {
      const signUp = await persistent(null, "POST", "/api/auth/sign-up/email", {
        name: `Chaos ${i}`,
        email: `chaos${i}.${Date.now()}@example.com`,
        password: "correct horse 1",
      });
      if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
      const token = signUp.body.token as string;
      const projectId = (await persistent(token, "POST", "/api/projects", { name: `Chaos ${i}` })).body.id as string;
      const nodeIds = Array.from({ length: perUser }, (_, k) => `chaos-${i}-${k}`);
      await persistent(token, "POST", `/api/projects/${projectId}/structure`, {
        nodes: nodeIds.map((id, k) => ({ id, position: { x: (k % 20) * 500, y: Math.floor(k / 20) * 500 } })),
      });
      const checkout = await persistent(token, "POST", "/api/billing/checkout", { priceId: PACK });
      users.push({ id: signUp.body.user.id, token, projectId, nodeIds, events: stripe.pay(checkout.body.sessionId) });
    }
    log(`  ${opts.users} users signed up, each with a project of ${perUser} nodes and a pack checkout`);

    // --- the webhook deliveries: every paid checkout's events, replayed, shuffled ----------------------
    const deliveries: Record<string, unknown>[] = [];
    const allEvents = users.flatMap((u) => u.events);
    for (let k = 0; k < opts.webhooks; k++) deliveries.push(allEvents[k < allEvents.length ? k : Math.floor(random() * allEvents.length)]!);
    for (let k = deliveries.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [deliveries[k], deliveries[j]] = [deliveries[j]!, deliveries[k]!];
    }
    let refusedWhileDown = 0;
    const deliver = async (event: Record<string, unknown>) => {
      const { payload, signature } = stripe.sign(event, WEBHOOK_SECRET);
      // Stripe retries a delivery that failed; so does this, until the studio answers.
      for (;;) {
        try {
          const res = await fetch(`${studio.url}/api/billing/webhook`, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body: payload,
          });
          if (res.ok) return;
          refusedWhileDown += 1;
        } catch {
          refusedWhileDown += 1;
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    };

    // --- the jobs, with kills and webhooks in between ----------------------------------------------------
    const jobs = users.flatMap((u) => u.nodeIds.map((nodeId, k) => ({ u, nodeId, prompt: `shot ${u.id}-${k}` }))).slice(0, opts.jobs);
    for (let k = jobs.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [jobs[k], jobs[j]] = [jobs[j]!, jobs[k]!];
    }
    const killAt = new Set(Array.from({ length: opts.kills }, (_, k) => Math.floor(((k + 1) * jobs.length) / (opts.kills + 1))));
    const refused: Record<string, number> = {};
    let accepted = 0;
    const webhookEvery = Math.max(1, Math.floor(jobs.length / Math.max(1, deliveries.length)));
    const inFlight: Promise<unknown>[] = [];
    let graphRuns = 0;
    let graphNodes = 0;
    /** A three-node chain of the user's, run all at once: the kill that follows lands mid-graph. */
    const startGraphRun = async (u: (typeof users)[number]) => {
      const projectId = (await persistent(u.token, "POST", "/api/projects", { name: `Chaos graph ${graphRuns}` })).body.id as string;
      const ids = ["g1", "g2", "g3"];
      await persistent(u.token, "POST", `/api/projects/${projectId}/structure`, {
        nodes: ids.map((id, k) => ({ id, position: { x: k * 500, y: 0 } })),
        edgesAdded: [
          { id: "e1", source: "g1", target: "g2" },
          { id: "e2", source: "g2", target: "g3" },
        ],
      });
      await persistent(u.token, "POST", "/api/workflows/autosave", {
        projectId,
        updates: ids.map((id) => ({
          nodeId: id,
          prevRev: 0,
          nodeData: { title: id, prompt: `graph ${graphRuns} ${id}`, selectedModel: MODEL, rev: 1 },
        })),
      });
      const started = await persistent(u.token, "POST", `/api/projects/${projectId}/runs`, { scope: "all" });
      if (started.status !== 202) throw new Error(`graph run refused: ${started.status} ${JSON.stringify(started.body)}`);
      graphRuns += 1;
      graphNodes += (started.body.run as unknown[]).length;
    };
    for (const [n, job] of jobs.entries()) {
      if (killAt.has(n)) {
        await startGraphRun(job.u);
        // Mid-job: let some runs get under way, send some webhooks, then cut the process off (those in
        // flight included: Stripe delivers them again) and bring it back.
        await new Promise((r) => setTimeout(r, 150));
        for (const event of deliveries.splice(0, 3)) inFlight.push(deliver(event));
        await studio.kill();
        log(`  job ${n}: SIGKILL the studio (kill ${studio.kills})`);
        await studio.up();
      }
      inFlight.push(
        persistent(job.u.token, "POST", "/api/execute-node", {
          projectId: job.u.projectId,
          nodeId: job.nodeId,
          prompt: job.prompt,
          selectedModel: MODEL,
        }).then((r) => {
          if (r.status === 202) accepted += 1;
          else refused[String(r.status)] = (refused[String(r.status)] ?? 0) + 1;
        }),
      );
      if (n % webhookEvery === 0 && deliveries.length) inFlight.push(deliver(deliveries.shift()!));
      if (inFlight.length >= 16) await Promise.all(inFlight.splice(0));
    }
    await Promise.all(inFlight.splice(0));
    await Promise.all(deliveries.splice(0).map(deliver));
    const deliveriesMade = opts.webhooks;

    // --- settle: nothing queued or running ----------------------------------------------------------------
    const until = Date.now() + 300_000;
    let stuck = 0;
    const stuckStatuses: Record<string, number> = {};
    for (;;) {
      // Each user's queue across their projects (the graph runs are in projects of their own).
      const lists = await Promise.all(users.map((u) => persistent(u.token, "GET", "/api/queue")));
      const open = lists.flatMap((l) =>
        (l.body.runs as { status: string }[]).filter((g) => ["waiting", "queued", "running"].includes(g.status)),
      );
      stuck = open.length;
      for (const key of Object.keys(stuckStatuses)) delete stuckStatuses[key];
      for (const g of open) stuckStatuses[g.status] = (stuckStatuses[g.status] ?? 0) + 1;
      if (stuck === 0 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await studio.halt();

    // --- the ledger, read straight from the database --------------------------------------------------------
    // The studio keeps its embedded database in DATA_DIR/db (server/main.ts).
    const database = await openDatabase({ dataDir: path.join(studio.dataDir, "db") });
    try {
      const db = database.db;
      const unbalanced: string[] = [];
      const grantMismatches: string[] = [];
      const pack = catalogItem(PACK)!;
      let succeeded = 0;
      let failed = 0;
      let duplicateCaptures = 0;
      let openHolds = 0;
      let openHoldsOld = 0;
      let runsSeen = 0;
      for (const u of users) {
        const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, u.id));
        const runs = await db.select().from(generations).where(eq(generations.userId, u.id));
        runsSeen += runs.length;
        const keyed = new Map(ledger.map((l) => [l.idempotencyKey, l]));
        // What the ledger should say, worked out from elsewhere: the grants from the sign-up allowance and
        // the one paid checkout (catalog credits), the captures from the runs that succeeded (their holds).
        const grants = SIGNUP_CREDITS + pack.credits;
        let captured = 0;
        for (const g of runs) {
          const reserve = keyed.get(`generation:${g.id}:reserve`);
          const capture = keyed.get(`generation:${g.id}:capture`);
          const release = keyed.get(`generation:${g.id}:release`);
          if (g.status === "succeeded") {
            succeeded += 1;
            captured += g.reservedCredits;
          }
          if (g.status === "failed") failed += 1;
          if (capture && release) duplicateCaptures += 1;
          if (reserve && !capture && !release) {
            openHolds += 1;
            if (Date.now() - reserve.createdAt.getTime() > 30 * 60_000) openHoldsOld += 1;
          }
        }
        const balance = ledger.reduce((s, l) => s + l.delta, 0);
        if (balance !== grants - captured) unbalanced.push(`${u.id}: balance ${balance} ≠ grants ${grants} − captures ${captured}`);
        const packGrants = ledger.filter((l) => l.idempotencyKey.startsWith("billing:checkout:"));
        if (packGrants.length !== 1 || packGrants[0]!.delta !== pack.credits)
          grantMismatches.push(`${u.id}: ${packGrants.length} pack grants`);
      }
      // Every accepted job has its row (a retried request after a kill may have made one more).
      if (runsSeen < accepted)
        throw new Error(`the database shows ${runsSeen} runs for ${accepted} accepted jobs: the measurement is broken`);
      const counted = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${nodes} where data->>'status' in ('generating', 'queued')`),
      );
      const nodesGenerating = Number(counted[0]?.n ?? 0);
      return {
        jobsAccepted: accepted,
        jobsRefused: refused,
        succeeded,
        failed,
        kills: studio.kills,
        deliveries: deliveriesMade,
        deliveriesRefusedWhileDown: refusedWhileDown,
        seconds: (Date.now() - started) / 1000,
        unbalanced,
        grantMismatches,
        duplicateCaptures,
        openHoldsOlderThan30Min: openHoldsOld,
        openHolds,
        nodesGenerating,
        stuckGenerations: stuck,
        stuckStatuses,
        graphRuns,
        graphNodes,
      };
    } finally {
      await database.close();
    }
  } finally {
    await studio.stop();
    await fal.close();
    await stripe.close();
  }
}
