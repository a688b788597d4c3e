import { describe, expect, it } from "vitest";
import { readAloud } from "./readAloud";
import { durationSeconds, readWav } from "../../../generation/local/wav";

const run = () => {
  const progress: number[] = [];
  return { progress, run: { signal: new AbortController().signal, onProgress: (f: number) => progress.push(f) } };
};

describe("Read aloud (Local)", () => {
  it("speaks the text as a WAV, reporting progress per passage", async () => {
    const r = run();
    const out = await readAloud("Cut to the harbour. Boats knock against the pier.", { voice: "kal16", speed: 1 }, r.run);
    expect(out.contentType).toBe("audio/wav");
    const seconds = durationSeconds(readWav(out.bytes));
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(8);
    expect(r.progress.at(-1)).toBe(1);
  }, 30_000);

  it("refuses, naming the text, what it cannot say", async () => {
    await expect(readAloud("你好，世界", { voice: "slt", speed: 1 }, run().run)).rejects.toThrow(/^text: there are no English words/);
    await expect(readAloud("a".repeat(5001), { voice: "slt", speed: 1 }, run().run)).rejects.toThrow(
      /^text: the voice reads at most 5,000 characters/,
    );
  });
});
