import { describe, expect, it } from "vitest";
import { localEngine } from "./index";
import { testRequest } from "./testKit";

async function write(prompt: string, options: Parameters<typeof testRequest>[1] = {}) {
  const result = await localEngine.run(testRequest("local/prompt-writer", { prompt, ...options }));
  if (result.kind !== "text") throw new Error("expected text");
  return result.texts;
}

const scene = { nodeId: "up", type: "text" as const, text: "INT. HARBOUR OFFICE - NIGHT\nMara reads the telegram twice." };

describe("Local Image Prompt Writer", () => {
  it("combines the prompt with the upstream text", async () => {
    const [text] = await write("A lighthouse keeper's last night", { context: [scene] });
    expect(text).toContain("a lighthouse keeper's last night");
    expect(text).toContain("INT. HARBOUR OFFICE - NIGHT Mara reads the telegram twice");
  });

  it("writes for the chosen medium, the same way for the same seed", async () => {
    const video = await write("a storm over the bay", { params: { target: "video" }, seed: 5 });
    const again = await write("a storm over the bay", { params: { target: "video" }, seed: 5 });
    expect(video).toEqual(again);
    expect(video[0]).toMatch(/dolly|truck|crane|steadicam|tripod|rack focus|handheld/);
    const image = await write("a storm over the bay", { params: { target: "image" }, seed: 5 });
    expect(image[0]).toMatch(/lens|mm/);
    expect(image[0]).not.toEqual(video[0]);
  });

  it("gives distinct variations", async () => {
    const texts = await write("a quiet kitchen at dawn", { params: { variations: 3 } });
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
  });

  it("takes its subject from upstream text when the prompt is empty, and refuses when there is neither", async () => {
    const [text] = await write("", { context: [scene] });
    expect(text).toContain("INT. HARBOUR OFFICE - NIGHT");
    await expect(write("  ")).rejects.toThrow("Local Image Prompt Writer needs a prompt or connected text");
  });

  it("answers a request that is not an idea with which model can answer it, never an echo", async () => {
    const answer = write("Write a logline for a chase in the rain");
    await expect(answer).rejects.toThrow(/only turns an idea into an image prompt/);
    await expect(write("Summarize the scene", { context: [scene] })).rejects.toThrow(
      /Local LLM \(GGUF\) with a GGUF model added under Settings, or a hosted text model/,
    );
  });
});
