import { describe, expect, it } from "vitest";
import { LOCAL_MODELS } from "../../../domain/generation/catalogueLocal";
import { ProviderError } from "../engine";
import { LOCAL_MODEL_IDS, localEngine, localModelAvailability } from "./index";
import { testRequest } from "./testKit";

describe("the local provider", () => {
  it("runs every local model of the catalogue, and nothing else", async () => {
    expect([...LOCAL_MODEL_IDS].sort()).toEqual(LOCAL_MODELS.map((m) => m.id).sort());
    expect(localEngine.provider).toBe("local");
    const stranger = { ...testRequest("local/sketch"), model: { ...(LOCAL_MODELS[0] as (typeof LOCAL_MODELS)[0]), id: "local/unknown" } };
    await expect(localEngine.run(stranger)).rejects.toThrow(ProviderError);
  });

  it("marks every model but the unconfigured LLM usable", () => {
    for (const model of LOCAL_MODELS) expect(localModelAvailability(model.id, {}).usable, model.id).toBe(model.id !== "local/llm");
    expect(localModelAvailability("local/unknown", {}).usable).toBe(false);
  });

  it("rejects with the abort reason when the job is already cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    for (const id of LOCAL_MODEL_IDS)
      await expect(localEngine.run(testRequest(id, { prompt: "x", params: { text: "x" }, signal: controller.signal })), id).rejects.toThrow(
        /abort/i,
      );
  });
});
