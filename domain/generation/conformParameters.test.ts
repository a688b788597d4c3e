import { describe, expect, it } from "vitest";
import { findModel } from "./catalogue";
import { clampToProperty, conformModelParameters } from "./conformParameters";
import { runCredits } from "./runCost";

const sketch = findModel("local/sketch")!;
const video = findModel("local/video-ffmpeg")!;

describe("model parameters brought into the schema (spec canvas 5 sliders)", () => {
  it("clamps numbers to the bounds and snaps integers and multipleOf steps, as the slider shows them", () => {
    expect(conformModelParameters(sketch, { num_images: 40 }).params.num_images).toBe(4);
    expect(conformModelParameters(sketch, { num_images: 1.5 }).params.num_images).toBe(2);
    expect(conformModelParameters(video, { duration: 2400, crossfade: 0.05 }).params).toMatchObject({ duration: 30, crossfade: 0.2 });
    expect(conformModelParameters(video, { duration: "0.2" }).params.duration).toBe(1);
    expect(clampToProperty({ type: "number", minimum: 0, maximum: 1, multipleOf: 0.25 }, 0.6)).toBe(0.5);
    expect(clampToProperty({ type: "integer", minimum: 0.5, maximum: 3 }, 0.1)).toBe(1);
  });

  it("names the field when a value cannot be run: text for a number, a choice not offered", () => {
    expect(conformModelParameters(sketch, { num_images: "lots" }).problems).toEqual([
      { name: "num_images", message: 'Number of images must be a number (got "lots")' },
    ]);
    expect(conformModelParameters(video, { fps: 60 }).problems[0]?.message).toBe("Frames per second must be one of 24, 25, 30 (got 60)");
    expect(conformModelParameters(video, { fps: "25" }).params.fps).toBe(25);
  });

  it("the cost badge prices the clamped values, like the server", () => {
    expect(runCredits(sketch, { num_images: 40 }, {}, 1)).toBe(8);
    expect(runCredits(video, { duration: 2400 }, {}, 1)).toBe(60);
  });
});
