import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "./config";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "reelgraph-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: "x".repeat(32), ...env });

describe("config: accounts hardening", () => {
  it("trusts no proxy and no dev-server origin unless told, and limits auth attempts by default", () => {
    const config = load({});
    expect(config.trustProxy).toBe(false);
    expect(config.devServerOrigin).toBeUndefined();
    expect(config.authLimits).toEqual({ failureWindowSeconds: 60, signupsPerAddressPerHour: 10 });
  });

  it("reads TRUST_PROXY as on/off, a hop count, or the proxies' addresses", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1")).toBe("10.0.0.0/8, 127.0.0.1");
    const hops = parseTrustProxy("1") as (address: string, hop: number) => boolean;
    expect([hops("x", 0), hops("x", 1)]).toEqual([true, false]);
  });

  it("takes the attempt window and sign-ups per address from the environment, refusing zero", () => {
    expect(load({ AUTH_FAILURE_WINDOW_SECONDS: "5", AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR: "1000" }).authLimits).toEqual({
      failureWindowSeconds: 5,
      signupsPerAddressPerHour: 1000,
    });
    expect(() => load({ AUTH_FAILURE_WINDOW_SECONDS: "0" })).toThrow(/at least 1/);
  });
});
