// bench/profile-canvas: where the main thread's time goes in one canvas scenario, from a CDP CPU profile of
// the production build (its source maps turn minified frames into file:line and names). Not a benchmark:
// it prints the top functions by self time and by inclusive time, so a fix can be aimed at the cause.
//
//   node --import tsx bench/profile-canvas.mjs click|load|pan|zoom [--no-build] [--top 40]
//
// click: five clicks on node titles at the default view of a 2,000-node project (as bench/canvas clicks).
// load:  navigation → every node of a 2,000-node project drawn at fit view (bench/canvas's "first render").
// pan:   a 2 s hand-tool drag pan at the default view of a 2,000-node project.
// zoom:  2 s of wheel ticks out and back in (60 % → ~34 % → 60 %) at that view, as bench/canvas zooms.
import { chromium } from "@playwright/test";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import { apiClient, buildApp, onCleanup, root, runBench, seedProject, signUp, sleep, startStudio } from "./lib/studio.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/chromium.ts";

const scenario = process.argv[2] ?? "click";
const TOP = Number(process.argv[process.argv.indexOf("--top") + 1]) || 40;
const FIT_ZOOM = 0.1;

async function main() {
  if (!process.argv.includes("--no-build")) buildApp();
  const studio = await startStudio();
  const { token, cookie } = await signUp(studio.url);
  const call = apiClient(studio.url, token);
  const project =
    scenario === "load"
      ? await seedProject(call, "Profile fit", 2000, 2000, {
          layout: { cols: 50, dx: 160, dy: 150 },
          viewport: { x: 470 - FIT_ZOOM * 145, y: 360 - FIT_ZOOM * 138, zoom: FIT_ZOOM },
        })
      : await seedProject(call, "Profile 2000", 2000, 2000);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  onCleanup(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: studio.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  page.on("dialog", (d) => void d.accept().catch(() => {}));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  const url = `${studio.url}/?project=${project.id}`;
  const drawnAll = () => Number(document.querySelector('[data-testid="canvas-overview"]')?.dataset.drawnNodes ?? 0) >= 2000;

  // A warm visit first (caches, JIT), as bench/canvas measures warm.
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName("canvas-ready").length > 0, null, { timeout: 120_000 });
  if (scenario === "load") await page.waitForFunction(drawnAll, null, { timeout: 120_000 });
  await sleep(1500);

  let profile;
  if (scenario === "load") {
    await page.goto("about:blank");
    await cdp.send("Profiler.start");
    await page.goto(url);
    await page.waitForFunction(drawnAll, null, { timeout: 120_000, polling: "raf" });
    const t = await page.evaluate(() => performance.now());
    console.log(`every node drawn at ${t.toFixed(0)} ms after navigation (profiler on)`);
    ({ profile } = await cdp.send("Profiler.stop"));
    // The load's waterfall: what was fetched when, and the app's marks.
    const entries = await page.evaluate(() =>
      [
        ...performance.getEntriesByType("navigation"),
        ...performance.getEntriesByType("resource"),
        ...performance.getEntriesByType("mark"),
      ].map((e) => ({
        name: e.name.replace(location.origin, ""),
        type: e.entryType,
        start: e.startTime,
        end: e.responseEnd ?? e.startTime,
        ttfb: e.responseStart ? e.responseStart - e.startTime : null,
      })),
    );
    for (const e of entries.sort((a, b) => a.start - b.start))
      console.log(`  ${e.start.toFixed(0).padStart(6)} → ${e.end.toFixed(0).padStart(6)} ms  ${e.type.padEnd(10)} ${e.name.slice(0, 90)}`);
  } else if (scenario === "click") {
    await cdp.send("Profiler.start");
    for (let k = 0; k < 5; k++) {
      const target = await page.evaluate(() => {
        const pane = document.querySelector(".react-flow__pane").getBoundingClientRect();
        for (const n of document.querySelectorAll(".react-flow__node:not(.selected)")) {
          const r = n.querySelector('[data-testid="node-title"]')?.getBoundingClientRect();
          if (!r) continue;
          const x = r.left + Math.min(r.width / 2, 30);
          const y = r.top + r.height / 2;
          if (x > pane.left + 4 && x < pane.right - 20 && y > pane.top + 4 && y < pane.bottom - 12 && n.dataset.clicked !== "1") {
            n.dataset.clicked = "1";
            return { x, y, id: n.dataset.id };
          }
        }
        return null;
      });
      if (!target) throw new Error("no node to click");
      const t0 = Date.now();
      await page.mouse.click(target.x, target.y);
      await page.waitForFunction(
        (id) => document.querySelector(`.react-flow__node[data-id="${id}"]`)?.classList.contains("selected"),
        target.id,
        {
          polling: "raf",
        },
      );
      console.log(`click ${k + 1}: selected after ~${Date.now() - t0} ms (as seen from Node)`);
      await sleep(300);
    }
    ({ profile } = await cdp.send("Profiler.stop"));
  } else if (scenario === "zoom") {
    // A point of bare pane nearest the middle (a wheel over a node's text is `nowheel`), as bench/canvas finds it.
    const at = await page.evaluate(() => {
      const pane = document.querySelector(".react-flow__pane").getBoundingClientRect();
      let best = null;
      for (let x = pane.left + 120; x < pane.right - 120; x += 12)
        for (let y = pane.top + 120; y < pane.bottom - 120; y += 12) {
          if (!document.elementFromPoint(x, y)?.classList.contains("react-flow__pane")) continue;
          const d = (x - pane.left - pane.width / 2) ** 2 + (y - pane.top - pane.height / 2) ** 2;
          if (!best || d < best.d) best = { x, y, d };
        }
      return best;
    });
    if (!at) throw new Error("no bare pane point to put the mouse on");
    await page.mouse.move(at.x, at.y);
    await cdp.send("Profiler.start");
    for (let i = 1; i <= 120; i++) {
      await page.mouse.wheel(0, Math.floor((i - 1) / 10) % 2 === 0 ? 40 : -40);
      await sleep(16);
    }
    ({ profile } = await cdp.send("Profiler.stop"));
  } else {
    await page.keyboard.press("h");
    const pane = await page.locator(".react-flow__pane").boundingBox();
    const x = pane.x + pane.width / 2;
    const y = pane.y + pane.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await cdp.send("Profiler.start");
    for (let i = 0; i < 120; i++) {
      await page.mouse.move(x + Math.sin(i / 10) * 200, y + Math.cos(i / 13) * 120);
      await sleep(16);
    }
    ({ profile } = await cdp.send("Profiler.stop"));
    await page.mouse.up();
  }
  await browser.close();
  writeFileSync(`/tmp/profile-canvas-${scenario}.cpuprofile`, JSON.stringify(profile));
  report(profile);
}

// --- source maps ----------------------------------------------------------------------------------------
const assets = path.join(root, "dist/app/assets");
const maps = new Map();
function consumerFor(url) {
  const file = url.split("/assets/")[1]?.split("?")[0];
  if (!file) return null;
  if (!maps.has(file)) {
    const map = readdirSync(assets).includes(`${file}.map`)
      ? new SourceMapConsumer(JSON.parse(readFileSync(path.join(assets, `${file}.map`), "utf8")))
      : null;
    maps.set(file, map);
  }
  return maps.get(file);
}
function place(frame) {
  const c = frame.url ? consumerFor(frame.url) : null;
  if (!c || frame.lineNumber < 0) return `${frame.functionName || "(anonymous)"} ${frame.url ? path.basename(frame.url) : ""}`.trim();
  const o = c.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const src = o.source ? o.source.replace(/^(\.\.\/)+/, "").replace(/^node_modules\//, "nm/") : "?";
  return `${o.name || frame.functionName || "(anonymous)"} ${src}:${o.line}`;
}

function report(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++)
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const self = new Map();
  const total = new Map();
  let all = 0;
  for (const [id, us] of dt) {
    const node = byId.get(id);
    all += us;
    const name = place(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const nm = place(byId.get(cur).callFrame);
      if (seen.has(nm)) continue;
      seen.add(nm);
      total.set(nm, (total.get(nm) ?? 0) + us);
    }
  }
  const print = (title, m) => {
    console.log(`\n${title}`);
    for (const [name, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  };
  console.log(`profile: ${(all / 1000).toFixed(0)} ms sampled`);
  print("self time", self);
  print("inclusive time", total);
  print("inclusive time, the app's own code", new Map([...total].filter(([name]) => / app\//.test(name))));
  if (!process.argv.includes("--buckets")) return;
  // When: per 100 ms of the profile, the app's nearest frame of each sample (else a library's, else the leaf).
  const owner = (id) => {
    let lib = null;
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const nm = place(byId.get(cur).callFrame);
      if (/ app\//.test(nm)) return nm;
      if (!lib && / nm\//.test(nm) && !/react-dom|scheduler/.test(nm)) lib = nm;
    }
    return lib ?? place(byId.get(id).callFrame);
  };
  const buckets = new Map();
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const b = Math.floor(t / 100_000);
    const m = buckets.get(b) ?? new Map();
    const name = owner(profile.samples[i]);
    m.set(name, (m.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    buckets.set(b, m);
  }
  for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
    const top = [...m]
      .filter(([n]) => n !== "(idle)")
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4);
    console.log(
      `  ${String(b * 100).padStart(5)} ms  ${top.map(([n, us]) => `${(us / 1000).toFixed(0)} ${n.replace(/ (app|nm)\//, " ")}`).join(" | ")}`,
    );
  }
}

if (process.argv.includes("--from")) {
  report(JSON.parse(readFileSync(process.argv[process.argv.indexOf("--from") + 1], "utf8")));
  process.exit(0);
}

await runBench(main);
