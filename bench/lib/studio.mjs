// Shared by the benchmarks: start the real studio (node --import tsx server/main.ts) on a free port with a
// fresh temporary DATA_DIR, talk to its API with a bearer token, and always clean up (server stopped, data
// dir removed), also on an error or Ctrl+C.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

export const root = path.resolve(import.meta.dirname, "../..");
export const PASSWORD = "correct horse 1";

/** A measurement that broke (server didn't start, no frames…): the bench exits non-zero. */
export class BenchBroken extends Error {}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** `vite build` into dist/app, like bench/bundle.mjs. */
export function buildApp() {
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new BenchBroken(`vite build failed (exit ${build.status})`);
}

/**
 * Starts the studio and waits for /api/health. `databaseUrl` switches from PGlite to PostgreSQL; `nodeArgs`
 * go to the server's node (e.g. --cpu-prof when investigating).
 * Returns { url, port, engine, stop() }; stop() is idempotent and also removes the data dir.
 */
export async function startStudio({ databaseUrl, nodeArgs = [], extraEnv = {} } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "reelgraph-bench-"));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "bench-secret-that-is-long-enough-to-be-fine-0123456789",
    LOG_REQUESTS: "0",
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk) => {
    log += chunk;
    if (log.length > 20_000) log = log.slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM"); // main.ts closes the server and the database (PGlite checkpoints) on SIGTERM
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(stop);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000; // a loaded machine (other benches, builds) can take minutes
  let health = null;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        health = await res.json();
        break;
      }
    } catch {
      /* not listening yet */
    }
    await sleep(150);
  }
  if (!health) {
    await stop();
    throw new BenchBroken(`The studio did not start on port ${port}. Its output:\n${log}`);
  }
  return { url, port, pid: child.pid, engine: health.db, dataDir, stop, log: () => log };
}

const cleanups = new Set();
/** Runs every registered cleanup (servers, browsers); safe to call more than once. */
export async function cleanupAll() {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    await fn().catch((err) => console.error("cleanup:", err.message));
  }
}
export const onCleanup = (fn) => cleanups.add(fn);

/** Runs a bench: report on success, clean up always, exit 1 only if the measurement itself broke. */
export async function runBench(main) {
  const interrupted = async (signal) => {
    console.error(`\n${signal}: cleaning up…`);
    await cleanupAll();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  let code = 0;
  try {
    await main();
  } catch (err) {
    console.error(err instanceof BenchBroken ? `MEASUREMENT BROKEN: ${err.message}` : err);
    code = 1;
  } finally {
    await cleanupAll();
  }
  process.exit(code);
}

/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is no /proc. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A bearer-token API client for one studio. */
export function apiClient(baseUrl, token) {
  return async function call(method, url, body) {
    const res = await fetch(baseUrl + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if (!res.ok) throw new BenchBroken(`${method} ${url} → ${res.status}: ${text.slice(0, 300)}`);
    return json;
  };
}

/** Signs a new user up over the API; returns { token, cookie: { name, value }, email }. */
export async function signUp(baseUrl, name = "Bench User") {
  const email = `bench.${randomBytes(4).toString("hex")}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    // Node's fetch sends Sec-Fetch-Mode, which makes better-auth require a trusted Origin.
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (!res.ok) throw new BenchBroken(`sign-up → ${res.status}: ${await res.text()}`);
  const { token } = await res.json();
  const set = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  const cookie = set
    ? { name: "better-auth.session_token", value: decodeURIComponent(set.split(";")[0].split("=").slice(1).join("=")) }
    : null;
  return { token, cookie, email };
}

// --- seeding projects ---------------------------------------------------------------------------------

const WORDS =
  "wide establishing shot of the harbour at dawn, fog rolling over the water while gulls circle the moored trawlers; close-up on her hands as she counts the coins; tracking shot down the corridor, fluorescent lights flicker; the detective turns, silhouetted against the window; slow push-in on the letter; rain streaks the glass; handheld, nervous energy; golden hour, long shadows across the wheat field".split(
    " ",
  );
const pick = (i, n) => WORDS[(i * 7919 + n * 104729) % WORDS.length];
const text = (i, words) => Array.from({ length: words }, (_, n) => pick(i, n)).join(" ");

/** Node data for the i-th node: mostly text nodes with a title and some content, some empty ones. */
export function nodeData(i) {
  const kind = i % 20;
  const title = `Shot ${i + 1} — ${pick(i, 1)} ${pick(i, 2)}`.slice(0, 60);
  if (kind === 0 || kind === 7 || kind === 13) return { title, status: "idle" }; // empty card: "Drop files or click to upload"
  const data = {
    title,
    content: text(i, 6 + ((i * 37) % 60)), // ~40–420 characters
    contentType: "text",
    status: "completed",
    lastModified: 1_700_000_000_000 + i,
  };
  if (kind === 3) data.agentContext = true;
  if (kind === 5 || kind === 11) {
    data.prompt = text(i + 3, 12);
    data.selectedModel = "gpt-image-1";
    data.aspectRatio = "16:9";
  }
  return data;
}

/** Grid positions centred on the origin, so the default viewport (0, 0, 60 %) lands among the nodes. */
export function gridLayout(count, { cols = Math.ceil(Math.sqrt(count * 1.25)), dx = 480, dy = 400 } = {}) {
  const rows = Math.ceil(count / cols);
  const x0 = -Math.floor(cols / 2) * dx;
  const y0 = -Math.floor(rows / 2) * dy;
  return {
    cols,
    rows,
    positions: Array.from({ length: count }, (_, i) => ({ x: x0 + (i % cols) * dx, y: y0 + Math.floor(i / cols) * dy })),
  };
}

/**
 * Creates a project with `count` nodes on a grid and `edgeCount` edges (neighbours in a row, then down
 * columns), through the same routes the app uses: structure in chunks of ≤ 1000, autosave in batches of ≤ 50.
 */
export async function seedProject(call, name, count, edgeCount = 0, { layout = {}, viewport } = {}) {
  const project = await call("POST", "/api/projects", { name });
  const id = project.id ?? project.project?.id;
  if (!id) throw new BenchBroken(`POST /api/projects answered without an id: ${JSON.stringify(project).slice(0, 200)}`);
  const { cols, positions } = gridLayout(count, layout);
  const nodeId = (i) => `bench-${i}`;
  for (let s = 0; s < count; s += 1000) {
    const nodes = positions.slice(s, s + 1000).map((position, k) => ({ id: nodeId(s + k), type: "generic_v2", position }));
    await call("POST", `/api/projects/${id}/structure`, { nodes });
  }
  for (let s = 0; s < count; s += 50) {
    const updates = [];
    for (let i = s; i < Math.min(count, s + 50); i++) updates.push({ nodeId: nodeId(i), nodeData: nodeData(i), prevRev: 0 });
    const res = await call("POST", "/api/workflows/autosave", { projectId: id, updates });
    if (res.conflicts?.length) throw new BenchBroken(`seeding ${name}: ${res.conflicts.length} autosave conflicts`);
  }
  const edges = [];
  for (let i = 0; i < count && edges.length < edgeCount; i++) if ((i + 1) % cols !== 0 && i + 1 < count) edges.push([i, i + 1]);
  for (let i = 0; i + cols < count && edges.length < edgeCount; i++) edges.push([i, i + cols]);
  const edgeRows = edges.map(([a, b]) => ({ id: `bench-e-${a}-${b}`, source: nodeId(a), target: nodeId(b) }));
  let added = 0;
  for (let s = 0; s < edgeRows.length; s += 1000) {
    const res = await call("POST", `/api/projects/${id}/structure`, { edgesAdded: edgeRows.slice(s, s + 1000) });
    added += res.edgesAdded?.length ?? 0;
  }
  if (added !== edgeRows.length) throw new BenchBroken(`seeding ${name}: ${added} of ${edgeRows.length} edges were accepted`);
  // The view the project opens at (a saved viewport), e.g. one that fits every node.
  if (viewport) await call("POST", `/api/projects/${id}/structure`, { viewport });
  return { id, name, nodes: count, edges: added, nodeId };
}

// --- figures ------------------------------------------------------------------------------------------

export const median = (xs) => {
  const v = xs.filter((x) => x !== null && x !== undefined && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
export const quantile = (xs, q) => {
  const v = [...xs].sort((a, b) => a - b);
  if (!v.length) return null;
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil(q * v.length) - 1))];
};
export const fmt = (x, digits = 1, unit = "") =>
  x === null || x === undefined || !Number.isFinite(x) ? "n/a" : `${x.toFixed(digits)}${unit}`;
export const verdict = (ok) => (ok === null ? "    " : ok ? "MET " : "MISS");

/** Prints rows as aligned columns under `head`; the columns numbered in `rightAligned` align right (numbers). */
export function table(head, rows, rightAligned) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    `  ${cells.map((cell, i) => (rightAligned.includes(i) ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join("  ")}`.trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
}
