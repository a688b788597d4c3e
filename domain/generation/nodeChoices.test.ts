import { describe, expect, it } from "vitest";
import { findModel } from "./catalogue";
import { modelChoice, nodeFieldsOf, runChoicesOf } from "./nodeChoices";

const model = (id: string) => findModel(id)!;

describe("modelChoice", () => {
  it("keeps the node's type when the model makes it", () => {
    expect(modelChoice(model("local/sketch"), "image", true)).toEqual({ patch: { selectedModel: "local/sketch", modelParameters: {} } });
  });

  it("turns an empty node into the model's type, with that type's usual aspect ratio", () => {
    expect(modelChoice(model("local/mesh"), "image", false)).toEqual({
      patch: { selectedModel: "local/mesh", modelParameters: {}, contentType: "model3d" },
    });
    expect(modelChoice(model("local/video-ffmpeg"), null, false)).toMatchObject({ patch: { contentType: "video", aspectRatio: "16:9" } });
  });

  it("refuses another type on a node whose content locks its type, saying why", () => {
    expect(modelChoice(model("local/mesh"), "image", true)).toEqual({
      refused: "Local Mesh (procedural) makes a 3D model, but this node already holds an image. Use a new node for it.",
    });
  });
});

describe("runChoicesOf / nodeFieldsOf", () => {
  it("read back what they write", () => {
    const choices = {
      prompt: "a fox",
      modelId: "local/sketch",
      params: { num_images: 2 },
      controls: { aspectRatio: "16:9" },
      variations: 3,
      seedFixed: false,
    };
    expect(runChoicesOf(nodeFieldsOf(choices))).toEqual(choices);
  });
});
