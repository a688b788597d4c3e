import { describe, expect, it } from "vitest";
import { isTrainedModelId, trainedModelId, trainedModelOf, trainedRunIdOf, trainedRunInput, type TrainedLora } from "./trainedModels";

const lora: TrainedLora = {
  runId: "run-1",
  name: "Nell",
  triggerWord: "NELLX",
  loraUrl: "https://fal.media/files/nell.safetensors",
  studioUrl: "/api/media/x",
  createdAt: "2026-11-25T00:00:00Z",
};

describe("trained models (LoRA trainer results)", () => {
  it("are named by their training run and only those ids count as trained", () => {
    expect(trainedModelId("run-1")).toBe("lora:run-1");
    expect(trainedRunIdOf("lora:run-1")).toBe("run-1");
    expect(isTrainedModelId("lora:run-1")).toBe(true);
    expect(isTrainedModelId("fal-ai/flux-lora")).toBe(false);
  });

  it("list as a text-to-image model with the LoRA's strength, marked as the user's own", () => {
    const model = trainedModelOf(lora);
    expect(model).toMatchObject({ id: "lora:run-1", name: "Nell (LoRA)", provider: "fal", category: "text-to-image", family: "My LoRAs" });
    expect(model.inputSchema.properties.lora_scale).toMatchObject({ minimum: 0, maximum: 2, default: 1 });
    expect(model.inputSchema.required).toEqual(["prompt"]);
  });

  it("run on fal's Flux LoRA endpoint with the file at the chosen strength and the trigger word leading the prompt once", () => {
    const model = trainedModelOf(lora);
    const call = trainedRunInput(model, lora, { lora_scale: 0.7, num_images: 2 }, "on a pier at dawn");
    expect(call.model.id).toBe("fal-ai/flux-lora");
    expect(call.model.inputSchema.properties).toHaveProperty("loras");
    expect(call.model.inputSchema.properties).not.toHaveProperty("lora_scale");
    expect(call.params).toEqual({ num_images: 2, loras: [{ path: lora.loraUrl, scale: 0.7 }] });
    expect(call.prompt).toBe("NELLX, on a pier at dawn");
    expect(trainedRunInput(model, lora, {}, "nellx walks").prompt).toBe("nellx walks");
    expect(trainedRunInput(model, lora, {}, "x").params.loras).toEqual([{ path: lora.loraUrl, scale: 1 }]);
    expect(trainedRunInput(model, { ...lora, triggerWord: "" }, {}, "a style study").prompt).toBe("a style study");
  });
});
