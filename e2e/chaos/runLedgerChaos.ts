// npm run chaos:ledger [-- --jobs 1000 --users 20 --kills 4 --webhooks 200]: the ledger chaos run, printed.
// Exits non-zero when an invariant broke (the figures say which) or the run itself broke.
import os from "node:os";
import { runLedgerChaos } from "./ledgerChaos";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

async function main() {
  const opts = {
    jobs: arg("jobs", 1000),
    users: arg("users", 20),
    failureRate: arg("failure-rate", 0.3),
    kills: arg("kills", 4),
    webhooks: arg("webhooks", 200),
    seed: arg("seed", 1),
  };
  console.log(`chaos:ledger — node ${process.version}, ${os.cpus().length} cores, PGlite on disk, the studio as a child process`);
  console.log(
    `  ${opts.jobs} jobs from ${opts.users} users, ${Math.round(opts.failureRate * 100)}% provider failures, ${opts.kills} SIGKILLs mid-job, ${opts.webhooks} webhook deliveries (replays, shuffled)\n`,
  );
  const r = await runLedgerChaos({ ...opts, log: (l) => console.log(l) });
  const refused =
    Object.entries(r.jobsRefused)
      .map(([s, n]) => `${n}× ${s}`)
      .join(", ") || "none";
  console.log(
    `\n  jobs accepted ${r.jobsAccepted} (refused: ${refused}); succeeded ${r.succeeded}, failed ${r.failed}; ${r.kills} kills; ${r.deliveries} webhook deliveries (${r.deliveriesRefusedWhileDown} delivery attempts failed while the studio was down, each sent again); ${r.seconds.toFixed(1)} s`,
  );
  console.log(`  graph runs started just before a kill: ${r.graphRuns} (${r.graphNodes} nodes to run)`);
  const checks: [string, number][] = [
    ["users whose balance ≠ grants − captures", r.unbalanced.length],
    ["checkouts granted other than exactly once", r.grantMismatches.length],
    ["duplicate captures (a run both captured and released)", r.duplicateCaptures],
    ["reservations older than 30 minutes", r.openHoldsOlderThan30Min],
    ["holds still open", r.openHolds],
    ["nodes left generating", r.nodesGenerating],
    ["generations left queued or running", r.stuckGenerations],
  ];
  for (const [what, n] of checks) console.log(`  ${n === 0 ? "ok  " : "FAIL"} ${what}: ${n}`);
  for (const line of [...r.unbalanced, ...r.grantMismatches].slice(0, 20)) console.log(`    ${line}`);
  if (r.stuckGenerations)
    console.log(
      `    still open: ${Object.entries(r.stuckStatuses)
        .map(([s, n]) => `${n} ${s}`)
        .join(", ")}`,
    );
  if (checks.some(([, n]) => n !== 0)) process.exitCode = 1;
}

main().catch((err) => {
  console.error("chaos:ledger broke:", err);
  process.exit(2);
});
