// bench/agent: the AI Workflow Agent's eval. Run with `npm run eval:agent`.
//
// 1. Every case of cases.ts goes through each planner, and its plan through compilePlan on the case's canvas
//    (the browser applies exactly that). A claimed case passes when the plan compiles and does what the case
//    expects (nodes and kinds added, models, parameters, edges, runs, edits); an out-of-scope case passes when
//    there is no plan and the reply says what the agent can do. Goals: ≥ 90 % of claimed cases, 100 % helpful
//    answers out of scope. Failing cases are printed with why.
// 2. Timing: the rule-based planner's p50/p95 per request on a 200-node canvas (every case's request, many
//    repetitions; goal p95 ≤ 300 ms), and compilePlan on a 30-node plan (a 30-shot storyboard) on that canvas.
//
// `PLANNERS` is the list of planners the eval runs: the offline one, and the tool-calling model that
// AGENT_MODEL names when its key is set (OPENAI_API_KEY, GEMINI_API_KEY or OLLAMA_URL, as for the studio; `local`
// with LOCAL_LLM_MODEL);
// the timing section measures the offline one.
// Printed figures, not a pass/fail test: exits non-zero only when the measurement itself broke.
import os from "node:os";
import { recordingClient } from "../../app/canvas/testing/recordingClient";
import { compilePlan, type CompiledPlan } from "../../domain/agent/compilePlan";
import { planOffline } from "../../domain/agent/offline";
import { addedEdges, addedNodes, compileAnswer, largeCanvas, plannerCase, PLAN_NOW } from "../../domain/agent/offline/plannerTesting";
import { RULE_BASED_PLANNER, type PlannerAnswer, type PlannerInput } from "../../domain/agent/planner";
import { PROVIDER_ENV, PROVIDER_BASE_URL_ENV } from "../../domain/providers/registry";
import { createLocalPlanner } from "../../server/agent/models/localPlanner";
import { createModelPlanner } from "../../server/agent/models/modelPlanner";
import { parseAgentModel } from "../../server/agent/planners";
import { CASES, LONG_SCRIPT, type AgentCase, type Expectation } from "./cases";

export interface EvalPlanner {
  name: string;
  plan(input: PlannerInput): Promise<PlannerAnswer>;
}

export const PLANNERS: EvalPlanner[] = [
  { name: RULE_BASED_PLANNER, plan: async (input) => planOffline(input) },
  ...modelPlanner(process.env),
];

/** The model AGENT_MODEL names, with the platform's key from the environment; none without both. */
function modelPlanner(env: NodeJS.ProcessEnv): EvalPlanner[] {
  if (env.AGENT_MODEL?.trim() === "local") return env.LOCAL_LLM_MODEL ? [createLocalPlanner()] : [];
  const named = parseAgentModel(env.AGENT_MODEL);
  if (!named) return [];
  const key = env[PROVIDER_ENV[named.provider]]?.trim();
  if (!key) {
    console.log(
      `AGENT_MODEL names ${named.provider}:${named.model}, but ${PROVIDER_ENV[named.provider]} is not set: only the offline planner runs.`,
    );
    return [];
  }
  const base = named.provider === "ollama" ? key : env[PROVIDER_BASE_URL_ENV[named.provider] ?? ""]?.trim();
  return [
    createModelPlanner({
      provider: named.provider,
      model: named.model,
      ...(named.provider === "ollama" ? {} : { apiKey: key }),
      ...(base ? { baseUrl: base } : {}),
    }),
  ];
}

const CLAIMED_GOAL = 0.9;
const HELPFUL_GOAL = 1;
const PLAN_P95_GOAL_MS = 300;
const TIMING_REPS = Math.max(20, Number(process.env.EVAL_REPS ?? 100));
const COMPILE_REPS = 200;

// --- checking one case ----------------------------------------------------------------------------------

/** What a helpful "I can't do that" names: at least four of these, and an example request in quotes. */
const CAPABILITY_WORDS = [
  "image",
  "variation",
  "video",
  "3d",
  "storyboard",
  "voice",
  "speech",
  "prompt",
  "upscale",
  "background",
  "trim",
  "arrange",
  "connect",
  "rename",
  "delete",
  "run",
];

export function isHelpful(reply: string): boolean {
  const lower = reply.toLowerCase();
  return CAPABILITY_WORDS.filter((w) => lower.includes(w)).length >= 4 && /["“][^"”]{8,}["”]/.test(reply);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const subset = (whole: Record<string, unknown> | undefined, part: Record<string, unknown>) =>
  Object.entries(part).every(([k, v]) => same((whole ?? {})[k], v));

/** Why the answer is wrong for the case, or [] when it is right. */
export function judge(c: AgentCase, answer: PlannerAnswer, canvas: ReturnType<typeof plannerCase>["canvas"]): string[] {
  if (c.scope === "out-of-scope") {
    const why: string[] = [];
    if (answer.plan) why.push(`expected no plan, got one: ${answer.plan.summary}`);
    if (!isHelpful(answer.reply)) why.push(`the reply does not say what the agent can do: ${JSON.stringify(answer.reply.slice(0, 160))}`);
    return why;
  }
  const e: Expectation = c.expect ?? {};
  const why: string[] = [];
  for (const words of e.replyIncludes ?? [])
    if (!answer.reply.includes(words)) why.push(`the reply lacks ${JSON.stringify(words)}: ${JSON.stringify(answer.reply.slice(0, 200))}`);
  if (e.noPlan) {
    if (answer.plan) why.push(`expected a question back, got a plan: ${answer.plan.summary}`);
    return why;
  }
  if (!answer.plan) return [...why, `no plan: ${JSON.stringify(answer.reply.slice(0, 200))}`];
  if (answer.reply.trim() === "" || answer.plan.summary.trim() === "") why.push("the plan has no summary");
  let compiled: CompiledPlan;
  try {
    compiled = compileAnswer(answer, canvas);
  } catch (err) {
    return [...why, (err as Error).message];
  }
  const added = addedNodes(compiled);
  const newIds = added.map((n) => n.id);
  const kinds: Record<string, number> = {};
  for (const n of added) kinds[String(n.data.contentType)] = (kinds[String(n.data.contentType)] ?? 0) + 1;
  if (e.added && !same(sortKeys(kinds), sortKeys(e.added as Record<string, number>)))
    why.push(`added ${JSON.stringify(kinds)}, expected ${JSON.stringify(e.added)}`);
  if (e.each) {
    for (const n of added.filter((x) => !e.each!.kind || x.data.contentType === e.each!.kind)) {
      const d = n.data;
      if (e.each.model && d.selectedModel !== e.each.model) why.push(`${n.id}: model ${d.selectedModel}, expected ${e.each.model}`);
      if (e.each.aspectRatio && d.aspectRatio !== e.each.aspectRatio)
        why.push(`${n.id}: ratio ${d.aspectRatio}, expected ${e.each.aspectRatio}`);
      if (e.each.prompt !== undefined && d.prompt !== e.each.prompt)
        why.push(`${n.id}: prompt ${JSON.stringify(d.prompt)}, expected ${JSON.stringify(e.each.prompt)}`);
      if (e.each.parameters && !subset(d.modelParameters, e.each.parameters))
        why.push(`${n.id}: parameters ${JSON.stringify(d.modelParameters)}, expected ${JSON.stringify(e.each.parameters)}`);
    }
  }
  if (
    e.prompts &&
    !same(
      added.map((n) => n.data.prompt),
      e.prompts,
    )
  )
    why.push(`prompts ${JSON.stringify(added.map((n) => n.data.prompt))}, expected ${JSON.stringify(e.prompts)}`);
  const texts = added.map((n) => (n.data.modelParameters as Record<string, unknown> | undefined)?.text);
  if (e.texts && !same(texts, e.texts)) why.push(`texts ${JSON.stringify(texts)}, expected ${JSON.stringify(e.texts)}`);
  if (e.distinctSeeds) {
    const seeds = added.map((n) => (n.data.modelParameters as Record<string, unknown> | undefined)?.seed);
    if (seeds.some((s) => typeof s !== "number") || new Set(seeds).size !== seeds.length)
      why.push(`seeds ${JSON.stringify(seeds)} are not all different`);
  }
  if (e.edges) {
    const want = e.edges.map(([s, t]) => [
      s.startsWith("new#") ? newIds[Number(s.slice(4))] : s,
      t.startsWith("new#") ? newIds[Number(t.slice(4))] : t,
    ]);
    const got = addedEdges(compiled);
    if (!same(got, want)) why.push(`edges ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  const nodeRuns = compiled.runs.filter((r) => r.kind === "node").map((r) => r.nodeId);
  if (e.nodeRuns !== undefined && nodeRuns.length !== e.nodeRuns) why.push(`${nodeRuns.length} model runs, expected ${e.nodeRuns}`);
  if (e.nodeRunsOf && !same(nodeRuns, e.nodeRunsOf)) why.push(`runs ${JSON.stringify(nodeRuns)}, expected ${JSON.stringify(e.nodeRunsOf)}`);
  if (e.fromHereOf) {
    const got = compiled.runs.flatMap((r) => (r.kind === "from-here" ? [r.nodeId] : []));
    if (!same(got, e.fromHereOf)) why.push(`runs from here ${JSON.stringify(got)}, expected ${JSON.stringify(e.fromHereOf)}`);
  }
  if (e.toolRuns) {
    const got = compiled.runs.flatMap((r) => (r.kind === "tool" ? [{ node: r.nodeId, tool: r.toolId, parameters: r.parameters }] : []));
    if (!same(got, e.toolRuns)) why.push(`tool runs ${JSON.stringify(got)}, expected ${JSON.stringify(e.toolRuns)}`);
  }
  if (e.updates) {
    const data = new Map(
      compiled.changes.flatMap((ch) => (ch.type === "node-data" ? [[ch.id, ch.data as Record<string, unknown>] as const] : [])),
    );
    if (!same([...data.keys()].sort(), Object.keys(e.updates).sort()))
      why.push(`changed ${JSON.stringify([...data.keys()])}, expected ${JSON.stringify(Object.keys(e.updates))}`);
    for (const [id, fields] of Object.entries(e.updates))
      if (!subset(data.get(id), fields)) why.push(`${id}: ${JSON.stringify(data.get(id))} lacks ${JSON.stringify(fields)}`);
  }
  if (e.layout) {
    const step = answer.plan.steps.find((s) => s.op === "layout");
    if (!step || step.op !== "layout" || step.arrangement !== e.layout.arrangement)
      why.push(`expected a ${e.layout.arrangement} layout, got ${step && step.op === "layout" ? step.arrangement : "none"}`);
    else if (e.layout.nodes && !same(step.nodes, e.layout.nodes))
      why.push(`layout order ${JSON.stringify(step.nodes)}, expected ${JSON.stringify(e.layout.nodes)}`);
  }
  if (e.removed) {
    const removed = compiled.changes.flatMap((ch) => (ch.type === "node-removed" ? [ch.id] : []));
    if (!same(removed, e.removed)) why.push(`removed ${JSON.stringify(removed)}, expected ${JSON.stringify(e.removed)}`);
  }
  return why;
}

const sortKeys = (o: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

// --- running ---------------------------------------------------------------------------------------------

const fmt = (x: number | null | undefined, digits = 1, unit = "") =>
  x === null || x === undefined || !Number.isFinite(x) ? "n/a" : `${x.toFixed(digits)}${unit}`;
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const verdict = (ok: boolean) => (ok ? "MET " : "MISS");
const APPLY_REPS = 20;
const APPLY_GOAL_MS = 200;

function quantile(xs: number[], q: number): number {
  const v = [...xs].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil(q * v.length) - 1))] ?? NaN;
}

async function evaluate(planner: EvalPlanner) {
  const rows: { c: AgentCase; why: string[] }[] = [];
  for (const c of CASES) {
    const { input, canvas } = plannerCase(c.request, c.canvas);
    let why: string[];
    try {
      why = judge(c, await planner.plan(input), canvas);
    } catch (err) {
      why = [`the planner threw: ${(err as Error).stack ?? err}`];
    }
    rows.push({ c, why });
  }
  return rows;
}

function timePlanning(): { p50: number; p95: number; max: number; n: number } {
  const nodes = largeCanvas(200);
  const ids = nodes.map((n) => n.id);
  const inputs = CASES.map((c) => {
    // Each case's request on the 200-node canvas, with a selection of the same size (the case's scripts kept).
    const selection = (c.canvas.selection ?? []).map((_, i) => ids[(i * 7 + 1) % ids.length]!);
    return plannerCase(c.request, { nodes, selection, scripts: c.canvas.scripts ?? [] }).input;
  });
  for (const input of inputs) planOffline(input); // warm-up: the regexes compile, the JIT settles
  const times: number[] = [];
  for (let r = 0; r < TIMING_REPS; r++) {
    for (const input of inputs) {
      const t = performance.now();
      planOffline(input);
      times.push(performance.now() - t);
    }
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: Math.max(...times), n: times.length };
}

function timeCompile(): { p50: number; p95: number; nodes: number; steps: number } {
  const { input, canvas } = plannerCase("storyboard scene 1 of Long Night", { nodes: largeCanvas(200), scripts: [LONG_SCRIPT] });
  const answer = planOffline(input);
  if (!answer.plan) throw new Error(`The 30-shot storyboard has no plan: ${answer.reply}`);
  const plan = answer.plan;
  const first = compilePlan(plan, canvas, { now: PLAN_NOW });
  if (!first.ok) throw new Error(`The 30-shot storyboard does not compile: ${first.error}`);
  const times: number[] = [];
  for (let i = 0; i < COMPILE_REPS; i++) {
    const t = performance.now();
    compilePlan(plan, canvas, { now: PLAN_NOW });
    times.push(performance.now() - t);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), nodes: addedNodes(first.plan).length, steps: plan.steps.length };
}

/**
 * Applying the 30-node storyboard in the browser's own canvas code (the client the workspace runs, without
 * React's drawing): compile against the store, apply as one `agent` undo step, hand it to the outbox. The
 * baseline, in the same run, is pasting 30 copied nodes with their edges: the same path for a person.
 */
async function timeApply(): Promise<{ apply: number; paste: number; requests: string[] }> {
  const { input, canvas } = plannerCase("storyboard scene 1 of Long Night", { nodes: largeCanvas(200), scripts: [LONG_SCRIPT] });
  const plan = planOffline(input).plan!;
  const loaded = canvas.nodes.map((n) => ({ id: n.id, type: "generic_v2", position: n.position, data: n.data }));
  const applyTimes: number[] = [];
  const pasteTimes: number[] = [];
  let requests: string[] = [];
  for (let i = 0; i < APPLY_REPS; i++) {
    const a = recordingClient({ nodes: loaded });
    const t = performance.now();
    const compiled = compilePlan(plan, { nodes: a.s().nodes, edges: a.s().edges }, { now: Date.now() });
    if (!compiled.ok) throw new Error(compiled.error);
    a.commands.batch(() => a.commands.applyChanges(compiled.plan.changes), "agent");
    applyTimes.push(performance.now() - t);
    await a.client.flush();
    requests = a.sent.map((x) =>
      x.route === "structure"
        ? `structure (${x.body.nodes.length} nodes, ${x.body.edgesAdded.length} edges, ${x.body.updates.length} nodes' data)`
        : `autosave (${x.updates.length})`,
    );

    const p = recordingClient({ nodes: loaded });
    const picked = new Set(loaded.slice(0, 30).map((n) => n.id));
    p.client.store.setState({ nodes: p.s().nodes.map((n) => ({ ...n, selected: picked.has(n.id) })) });
    p.session.copySelected();
    const t2 = performance.now();
    p.commands.paste();
    pasteTimes.push(performance.now() - t2);
    await p.client.flush();
  }
  return { apply: quantile(applyTimes, 0.5), paste: quantile(pasteTimes, 0.5), requests };
}

async function main() {
  console.log(
    `bench/agent — node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const claimed = CASES.filter((c) => c.scope === "claimed");
  const outOfScope = CASES.filter((c) => c.scope === "out-of-scope");
  console.log(
    `${CASES.length} cases: ${claimed.length} claimed intents (${new Set(claimed.map((c) => c.intent)).size} intents), ${outOfScope.length} out of scope`,
  );

  for (const planner of PLANNERS) {
    const rows = await evaluate(planner);
    const failed = rows.filter((r) => r.why.length);
    console.log(`\n1. ${planner.name}: every case, planned and compiled on its canvas\n`);
    if (!failed.length) console.log("  every case passed");
    for (const { c, why } of failed) {
      console.log(`  FAIL ${c.id} (${c.scope}${c.intent ? `, ${c.intent}` : ""}): ${JSON.stringify(c.request)}`);
      for (const w of why) console.log(`       - ${w}`);
    }
    const byIntent = new Map<string, { pass: number; all: number }>();
    for (const { c, why } of rows.filter((r) => r.c.scope === "claimed")) {
      const s = byIntent.get(c.intent ?? "?") ?? { pass: 0, all: 0 };
      s.all += 1;
      if (!why.length) s.pass += 1;
      byIntent.set(c.intent ?? "?", s);
    }
    console.log(`\n  per intent: ${[...byIntent].map(([k, s]) => `${k} ${s.pass}/${s.all}`).join(", ")}`);
    const claimedRate = rows.filter((r) => r.c.scope === "claimed" && !r.why.length).length / claimed.length;
    const helpfulRate = rows.filter((r) => r.c.scope === "out-of-scope" && !r.why.length).length / outOfScope.length;
    console.log(
      `\n${verdict(claimedRate >= CLAIMED_GOAL)} claimed intents right: ${pct(claimedRate)} (${Math.round(claimedRate * claimed.length)}/${claimed.length}), goal ≥ ${pct(CLAIMED_GOAL)}`,
    );
    console.log(
      `${verdict(helpfulRate >= HELPFUL_GOAL)} helpful answers out of scope: ${pct(helpfulRate)} (${Math.round(helpfulRate * outOfScope.length)}/${outOfScope.length}), goal ${pct(HELPFUL_GOAL)}`,
    );
  }

  const plan = timePlanning();
  console.log(`\n2. Timing (${RULE_BASED_PLANNER})\n`);
  console.log(
    `  plan one request, 200-node canvas: p50 ${fmt(plan.p50, 3, " ms")}, p95 ${fmt(plan.p95, 3, " ms")}, max ${fmt(plan.max, 2, " ms")} over ${plan.n} plans (${CASES.length} requests × ${TIMING_REPS})`,
  );
  const compile = timeCompile();
  console.log(
    `  compile a ${compile.nodes}-node plan (${compile.steps} steps, 30-shot storyboard) on the 200-node canvas: p50 ${fmt(compile.p50, 2, " ms")}, p95 ${fmt(compile.p95, 2, " ms")} over ${COMPILE_REPS}`,
  );
  const applied = await timeApply();
  console.log(
    `  apply it in the browser's canvas client (compile, one agent undo step, outbox): median ${fmt(applied.apply, 2, " ms")}; pasting 30 nodes (baseline) ${fmt(applied.paste, 2, " ms")}: ${fmt(applied.apply / applied.paste, 2, "×")}`,
  );
  console.log(`  sent: ${applied.requests.join(", ")}`);
  console.log(
    `\n${verdict(applied.apply <= APPLY_GOAL_MS)} applying a 30-node plan ≤ ${APPLY_GOAL_MS} ms: ${fmt(applied.apply, 2, " ms")}`,
  );
  console.log(
    `${verdict(applied.requests.length === 1)} applying a 30-node plan is one network batch: ${applied.requests.length} request${applied.requests.length === 1 ? "" : "s"}`,
  );
  console.log(
    `${verdict(plan.p95 <= PLAN_P95_GOAL_MS)} offline plan p95 ≤ ${PLAN_P95_GOAL_MS} ms: ${fmt(plan.p95, 3, " ms")} (${fmt(plan.p95 / PLAN_P95_GOAL_MS, 4)} of the goal)`,
  );
}

main().catch((err) => {
  console.error(`MEASUREMENT BROKEN: ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
