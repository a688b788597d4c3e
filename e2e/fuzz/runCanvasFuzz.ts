// npm run fuzz:canvas -- --seeds 50 --ops 1000   (or --seed N to replay one seed; --tabs, --kills)
// Seeded sync fuzz of the canvas: simulated tabs running the real client against a real studio on PGlite
// that is SIGKILLed and restarted. Prints each seed and the totals; exits 1 when an acknowledged edit was
// lost or a tab's canvas differs from the server's.
import { runSeed, type FuzzResult } from "./canvasFuzz";
import { StudioProcess } from "./studioProcess";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

const single = process.argv.includes("--seed") ? arg("seed", 1) : null;
const seeds = single !== null ? [single] : Array.from({ length: arg("seeds", 5) }, (_, i) => arg("first", 1) + i);
const ops = arg("ops", 300);
const tabs = arg("tabs", 3);
const kills = arg("kills", Math.max(1, Math.round(ops / 250)));

const studio = await StudioProcess.start();
const results: FuzzResult[] = [];
const started = Date.now();
try {
  for (const seed of seeds) {
    const t0 = Date.now();
    const r = await runSeed(studio, { seed, ops, tabs, kills, log: (line) => console.log(line) });
    results.push(r);
    const verdict = r.lost.length || r.divergences.length ? "FAIL" : "ok";
    console.log(
      `seed ${seed}: ${verdict} · ${r.operations} ops · ${r.acknowledged} acknowledged writes · lost ${r.lost.length} · divergences ${r.divergences.length} · ${r.kills} kills so far · ${r.reloads} reloads · ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    for (const line of [...r.lost, ...r.divergences].slice(0, 8)) console.log(`    ${line}`);
    if (verdict === "FAIL") console.log(`    replay: npm run fuzz:canvas -- --seed ${seed} --ops ${ops} --tabs ${tabs} --kills ${kills}`);
  }
} finally {
  await studio.stop();
}
const sum = (f: (r: FuzzResult) => number) => results.reduce((n, r) => n + f(r), 0);
const lost = sum((r) => r.lost.length);
const divergences = sum((r) => r.divergences.length);
console.log(
  `seeds ${results.length}, operations ${sum((r) => r.operations)}, acknowledged writes ${sum((r) => r.acknowledged)}, acknowledged edits lost ${lost}, divergences ${divergences}, server kills ${studio.kills}, studio crashes ${studio.crashes}, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(lost || divergences || studio.crashes ? 1 : 0);
