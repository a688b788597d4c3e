import { describe, expect, it } from "vitest";
import { localEngine } from "./index";
import { speakableText, speechChunks, synthesize } from "./speech";
import { testRequest } from "./testKit";
import { durationSeconds, readWav } from "./wav";

async function speak(options: Parameters<typeof testRequest>[1]) {
  const request = testRequest("local/tts-flite", options);
  const result = await localEngine.run(request);
  if (result.kind !== "media") throw new Error("expected media");
  return { file: result.files[0] as { bytes: Buffer; contentType: string }, progress: request.progress };
}

const LINE = "The harbour lights went out one by one, and nobody on the quay said a word.";

describe("Local Speech (flite)", () => {
  it("speaks the text as a 16 kHz mono WAV of a plausible length", async () => {
    const { file, progress } = await speak({ params: { text: LINE, voice: "slt" } });
    expect(file.contentType).toBe("audio/wav");
    expect(file.bytes.toString("ascii", 0, 4)).toBe("RIFF");
    expect(file.bytes.toString("ascii", 8, 12)).toBe("WAVE");
    const pcm = readWav(file.bytes);
    expect([pcm.sampleRate, pcm.channels, pcm.bitsPerSample]).toEqual([16000, 1, 16]);
    // 16 words: about 4–5 s at a normal rate
    expect(durationSeconds(pcm)).toBeGreaterThan(2.5);
    expect(durationSeconds(pcm)).toBeLessThan(9);
    expect(progress.at(-1)?.percent).toBe(100);
  });

  it("speaks faster when speed is raised, and kal is an 8 kHz voice", async () => {
    const normal = durationSeconds(readWav((await speak({ params: { text: LINE, voice: "rms", speed: 1 } })).file.bytes));
    const fast = durationSeconds(readWav((await speak({ params: { text: LINE, voice: "rms", speed: 2 } })).file.bytes));
    expect(fast).toBeLessThan(normal * 0.7);
    expect(readWav((await speak({ params: { text: "Hello.", voice: "kal" } })).file.bytes).sampleRate).toBe(8000);
  });

  it("falls back to the prompt, then to upstream text", async () => {
    const fromPrompt = await speak({ prompt: "Cut to black." });
    expect(durationSeconds(readWav(fromPrompt.file.bytes))).toBeGreaterThan(0.3);
    const fromUpstream = await speak({ context: [{ nodeId: "t", type: "text", text: LINE }] });
    expect(durationSeconds(readWav(fromUpstream.file.bytes))).toBeGreaterThan(2.5);
  });

  it("splits long text into whole-sentence chunks and reports each", async () => {
    const text = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of the test.`).join(" ");
    expect(speechChunks(text).every((c) => c.endsWith("."))).toBe(true);
    const { progress } = await speak({ params: { text } });
    expect(progress.length).toBe(speechChunks(text).length);
    expect(progress.length).toBeGreaterThan(1);
  });

  it("folds typography and accents to what flite reads, and refuses text it cannot speak", async () => {
    expect(speakableText("“Café” — naïve… it’s")).toBe(`"Cafe" , naive... it's`);
    await expect(speak({ params: { text: "東京の夜" } })).rejects.toThrow("Local Speech (flite) needs English text to speak");
    await expect(speak({ params: { text: "a".repeat(5001) } })).rejects.toThrow("at most 5,000 characters");
  });

  it("stops at once when cancelled", async () => {
    const controller = new AbortController();
    const text = "A long line that keeps going for a while. ".repeat(60);
    const run = speak({ params: { text }, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await expect(run).rejects.toThrow(/abort/i);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("runs flite in a child process: a crash there fails that job with a clear error and this process lives on", async () => {
    const text = "A long line that keeps going for a while. ".repeat(30);
    const crashed = synthesize({
      text,
      voice: "slt",
      speed: 1,
      onProcess: (flite) => setTimeout(() => process.kill(flite.pid as number, "SIGABRT"), 100),
    });
    await expect(crashed).rejects.toThrow("Local Speech (flite) stopped unexpectedly (SIGABRT). Please try again.");
    // The next job starts its own child and speaks.
    expect(readWav(await synthesize({ text: LINE, voice: "slt", speed: 1 })).data.length).toBeGreaterThan(0);
  });

  it("stops a passage that runs past its time limit and fails the job with that reason", async () => {
    await expect(synthesize({ text: LINE, voice: "slt", speed: 1, timeLimitMs: 1 })).rejects.toThrow(
      /Local Speech \(flite\) took longer than .* on one passage and was stopped/,
    );
  });
});
