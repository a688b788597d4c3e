import { describe, expect, it } from "vitest";
import { runLedgerChaos } from "./ledgerChaos";

// A small version of `npm run chaos:ledger` (1,000 jobs, 20 users, 4 kills, 200 webhook deliveries).
describe("ledger chaos (the studio killed mid-job, failing provider runs, replayed webhooks)", () => {
  it("keeps every user's ledger whole: balance = grants − captures, one grant per checkout, no hold left open", async () => {
    const r = await runLedgerChaos({ jobs: 40, users: 4, failureRate: 0.3, kills: 1, webhooks: 24, seed: 3 });
    expect(r.unbalanced).toEqual([]);
    expect(r.grantMismatches).toEqual([]);
    expect(r.duplicateCaptures).toBe(0);
    expect(r.openHolds).toBe(0);
    expect(r.nodesGenerating).toBe(0);
    expect(r.stuckGenerations).toBe(0);
    // The run did what could have broken it: runs both succeeded and failed, and the studio was killed.
    // A request cut off by the kill is sent again: if the first one had landed, the node is already running
    // (409); nothing else is refused.
    expect(r.jobsAccepted).toBeGreaterThan(30);
    expect(Object.keys(r.jobsRefused).filter((status) => status !== "409")).toEqual([]);
    expect(r.succeeded).toBeGreaterThan(0);
    expect(r.failed).toBeGreaterThan(0);
    expect(r.kills).toBe(1);
  });
});
