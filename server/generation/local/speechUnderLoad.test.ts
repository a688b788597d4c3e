/**
 * Flite speech (~1,500 characters) run beside a 4-image sketch and a 20 s 1080p video
 * aborted the whole server within a few rounds (SIGABRT when a WASI instance was collected). The engines run
 * here in this process as they do in the server; if speech could still crash its host, this test process
 * would die. The default run does 2 rounds; `LONG=1 npx vitest run server/generation/local/speechUnderLoad.test.ts
 * --project api-pglite` does the 20.
 */
import { describe, expect, it } from "vitest";
import { localEngine } from "./index";
import { testRequest } from "./testKit";

const LONG = process.env.LONG === "1";
const ROUNDS = LONG ? 20 : 2;
// The short run keeps the same shape with a lighter video, to spare the shared test machine.
const VIDEO = LONG ? { duration: 20, resolution: "1080p" } : { duration: 4, resolution: "720p" };

const SPEECH = Array.from({ length: 30 }, (_, i) => `Line ${i + 1}: the harbour lights went out, one by one.`)
  .join(" ")
  .slice(0, 1500);

describe("Local Speech beside other offline models", () => {
  it(
    `survives ${ROUNDS} rounds of speech, a 4-image sketch and a video at once`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [speech, sketch, video] = await Promise.all([
          localEngine.run(testRequest("local/tts-flite", { params: { text: SPEECH } })),
          localEngine.run(testRequest("local/sketch", { prompt: "a lighthouse at dusk", params: { num_images: 4 }, seed: round })),
          localEngine.run(testRequest("local/video-ffmpeg", { prompt: "waves", params: VIDEO, seed: round })),
        ]);
        expect(speech.kind === "media" && speech.files[0]?.contentType).toBe("audio/wav");
        expect(sketch.kind === "media" && sketch.files.length).toBe(4);
        expect(video.kind === "media" && video.files.length).toBe(1);
        if (LONG) console.log(`speech under load: round ${round + 1} of ${ROUNDS} done`);
      }
    },
    LONG ? 3_600_000 : 180_000,
  );
});
