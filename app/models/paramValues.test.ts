import { describe, expect, it } from "vitest";
import { findModel } from "../../domain/generation/catalogue";
import { defaultParameters } from "../../domain/generation/modelParamForm";
import { effectiveModelParameters, toContextMedia } from "./paramValues";

describe("effectiveModelParameters (what a run uses, as the form shows it)", () => {
  const actTwo = findModel("runway/act-two")!;
  const video = { nodeId: "v", type: "video", url: "/api/media/v" };
  const image = { nodeId: "i", type: "image", url: "/api/media/i" };

  it("lays the node's values over the defaults and fills empty media inputs from context", () => {
    expect(effectiveModelParameters(actTwo, { ratio: "960:960" }, [video, image])).toEqual({
      ...defaultParameters(actTwo.inputSchema),
      ratio: "960:960",
      reference: "/api/media/v",
      character: "/api/media/i",
    });
  });

  it("keeps a media input chosen by hand", () => {
    expect(effectiveModelParameters(actTwo, { character: "/api/media/mine" }, [video, image]).character).toBe("/api/media/mine");
  });

  it("passes only known kinds to auto-fill", () => {
    expect(toContextMedia([image, { nodeId: "m", type: "model3d", url: "/m.glb" }, { nodeId: "t", type: "text", text: "hi" }])).toEqual([
      { type: "image", url: "/api/media/i" },
      { type: "text" },
    ]);
  });
});
