import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSeed } from "./canvasFuzz";
import { StudioProcess } from "./studioProcess";

// A small seeded run of the sync fuzz (the full one: npm run fuzz:canvas -- --seeds 50 --ops 1000).
let studio: StudioProcess;
beforeAll(async () => {
  studio = await StudioProcess.start();
});
afterAll(async () => {
  await studio?.stop();
});

describe("canvas sync fuzz (three tabs of two people, faults, reloads, a SIGKILL)", () => {
  for (const seed of [22, 23]) {
    it(`seed ${seed}: every tab ends equal to the server and no acknowledged edit is lost`, async () => {
      const kills = studio.kills;
      const r = await runSeed(studio, { seed, ops: 60, kills: 1 });
      expect(r.lost).toEqual([]);
      expect(r.divergences).toEqual([]);
      // The run did something that could have failed.
      expect(r.acknowledged).toBeGreaterThan(0);
      expect(studio.kills).toBe(kills + 1);
    });
  }
});
