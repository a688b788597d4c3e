import { describe, expect, it } from "vitest";
import { findModel } from "./catalogue";
import { applyToolbarToParams, composePrompt, defaultAspectRatio, outputTypeOf, toolbarChoicesFromParams } from "./toolbar";

const model = (id: string) => {
  const m = findModel(id);
  if (!m) throw new Error(id);
  return m;
};

describe("composePrompt", () => {
  it("appends style, shot size, camera movement and aspect ratio for video", () => {
    expect(
      composePrompt(
        "  a fox in snow ",
        { style: "16mm-film", shotSize: "close-up", cameraMovement: "dolly-in", aspectRatio: "16:9" },
        "video",
      ),
    ).toBe("a fox in snow Style: 16mm film. Shot size: close up. Camera movement: dolly in. Aspect ratio 16:9.");
  });
  it("leaves out 'none' choices, camera moves for images, and visual words for audio", () => {
    expect(composePrompt("a fox", { style: "none", cameraMovement: "dolly-in", aspectRatio: "1:1" }, "image")).toBe(
      "a fox Aspect ratio 1:1.",
    );
    expect(
      composePrompt("Hello there", { style: "moody", aspectRatio: "16:9", shotSize: "wide-shot", advancedStyle: "cinematic" }, "audio"),
    ).toBe("Hello there");
  });
  it("adds the Advanced Settings look unless it is the default", () => {
    expect(composePrompt("a fox", { advancedStyle: "cinematic" }, "image")).toBe("a fox Look: cinematic.");
    expect(composePrompt("a fox", { advancedStyle: "default" }, "image")).toBe("a fox");
  });
});

describe("applyToolbarToParams", () => {
  it("fills the model's own aspect-ratio and camera params only with values it accepts", () => {
    const video = model("local/video-ffmpeg");
    expect(applyToolbarToParams(video, {}, { aspectRatio: "9:16", cameraMovement: "dolly-out" })).toMatchObject({
      aspect_ratio: "9:16",
      camera_movement: "dolly-out",
    });
    // 21:9 is not one of this model's ratios: the model's own default stays.
    expect(applyToolbarToParams(video, {}, { aspectRatio: "21:9" })).not.toHaveProperty("aspect_ratio");
  });
  it("the toolbar's aspect ratio beats the model's default in the run's parameters", async () => {
    const { runParameters } = await import("./runCost");
    expect(runParameters(model("local/video-ffmpeg"), {}, { aspectRatio: "1:1" }).aspect_ratio).toBe("1:1");
    expect(runParameters(model("local/video-ffmpeg"), {}, {}).aspect_ratio).toBe("16:9");
    expect(runParameters(model("local/video-ffmpeg"), { aspect_ratio: "9:16" }, { aspectRatio: "1:1" }).aspect_ratio).toBe("9:16");
  });
  it("never overrides a value the user set in the parameters form", () => {
    expect(applyToolbarToParams(model("local/sketch"), { aspect_ratio: "4:3" }, { aspectRatio: "1:1" }).aspect_ratio).toBe("4:3");
  });
});

describe("toolbarChoicesFromParams", () => {
  it("turns a form choice of aspect ratio, camera move or voice into the toolbar's, keeping the rest as parameters", () => {
    const video = model("local/video-ffmpeg");
    expect(toolbarChoicesFromParams(video, { aspect_ratio: "9:16", camera_movement: "dolly-in", duration: 4 })).toEqual({
      params: { duration: 4 },
      controls: { aspectRatio: "9:16", cameraMovement: "dolly-in" },
    });
  });
  it("keeps a value the toolbar cannot show as the model's own parameter", () => {
    const video = model("local/video-ffmpeg");
    const odd = {
      ...video,
      inputSchema: {
        ...video.inputSchema,
        properties: { ...video.inputSchema.properties, aspect_ratio: { type: "string" as const, enum: ["2.39:1"] } },
      },
    };
    expect(toolbarChoicesFromParams(odd, { aspect_ratio: "2.39:1" })).toEqual({ params: { aspect_ratio: "2.39:1" }, controls: {} });
  });
  it("round-trips with applyToolbarToParams: what the form shows is what the toolbar holds", () => {
    const sketch = model("local/sketch");
    const shown = applyToolbarToParams(sketch, { num_images: 2 }, { aspectRatio: "16:9" });
    expect(shown).toMatchObject({ aspect_ratio: "16:9", num_images: 2 });
    expect(toolbarChoicesFromParams(sketch, shown)).toEqual({ params: { num_images: 2 }, controls: { aspectRatio: "16:9" } });
  });
});

describe("defaults", () => {
  it("image 1:1, video 16:9; a model's output type", () => {
    expect(defaultAspectRatio("image")).toBe("1:1");
    expect(defaultAspectRatio("video")).toBe("16:9");
    expect(outputTypeOf(model("local/tts-flite"))).toBe("audio");
  });
});

describe("runCredits", () => {
  it("is the per-run estimate with the toolbar's choices, times the variations", async () => {
    const { runCredits } = await import("./runCost");
    expect(runCredits(model("local/sketch"), {}, {}, 3)).toBe(6);
    expect(runCredits(model("local/sketch"), { num_images: 2 }, {}, 2)).toBe(8);
    // Parameters a model does not have are ignored, not priced.
    expect(runCredits(model("local/sketch"), { duration: 99 }, {}, 1)).toBe(2);
  });
});
