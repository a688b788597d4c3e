import { describe, expect, it } from "vitest";
import { newShot } from "./factories";
import { hasDescription, shotImagePrompt } from "./prompt";

const shot = (fields: Partial<ReturnType<typeof newShot>>) => ({ ...newShot(1, 0, "s"), ...fields });

describe("the shot image prompt (spec: shell 5)", () => {
  it("is 'Cinematic' + size, then shot type, camera height, Dutch angle, framing and focus, then ': description'", () => {
    expect(
      shotImagePrompt(
        shot({
          shotSize: "Wide Shot",
          shotType: "Two Shot",
          cameraHeight: "Low Angle",
          dutchAngle: "Dutch (left)",
          framing: "Over-the-Shoulder",
          focusDepthOfField: "Shallow Focus",
          description: "Two riders crest the dune",
        }),
      ),
    ).toBe("Cinematic Wide Shot, Two Shot, Low Angle, Dutch (left), Over-the-Shoulder, Shallow Focus: Two riders crest the dune");
  });

  it("leaves out a Dutch angle of None and fields that are not set", () => {
    expect(shotImagePrompt(shot({ dutchAngle: "None", description: "  A quiet kitchen  " }))).toBe(
      "Cinematic Medium Shot, Single: A quiet kitchen",
    );
  });

  it("a description is needed to generate; the placeholder is not one", () => {
    expect(hasDescription(shot({ description: "A quiet kitchen" }))).toBe(true);
    expect(hasDescription(shot({ description: "   " }))).toBe(false);
    expect(hasDescription(shot({ description: "Description..." }))).toBe(false);
  });
});
