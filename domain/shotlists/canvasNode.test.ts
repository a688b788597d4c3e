import { describe, expect, it } from "vitest";
import { newShot } from "./factories";
import { shotNodeData, shotNodePosition } from "./canvasNode";

describe("exporting a shot to the canvas", () => {
  it("places the node at (400,400) on an empty canvas, else 550 right of the rightmost node on the y=400 row", () => {
    expect(shotNodePosition([])).toEqual({ x: 400, y: 400 });
    expect(shotNodePosition([{ x: 400, y: 400 }])).toEqual({ x: 950, y: 400 });
    expect(
      shotNodePosition([
        { x: 950, y: 400 },
        { x: 1200, y: -300 },
        { x: 0, y: 0 },
      ]),
    ).toEqual({ x: 1750, y: 400 });
    expect(shotNodePosition([{ x: -2000, y: 10 }])).toEqual({ x: 400, y: 400 });
  });

  it("titles the node 'Shot N' and carries the image, the prompt and shotMetadata", () => {
    const shot = { ...newShot(3, 0, "s3"), description: "Waves", cameraHeight: "Overhead" as const, image: "/api/media/abc" };
    const data = shotNodeData(shot, 42);
    expect(data).toMatchObject({
      title: "Shot 3",
      prompt: "Cinematic Medium Shot, Single, Overhead: Waves",
      mediaUrl: "/api/media/abc",
      permanentMediaUrl: "/api/media/abc",
      displayUrl: "/api/media/abc",
      contentType: "image",
      status: "completed",
      lastModified: 42,
      shotMetadata: {
        shotNumber: 3,
        description: "Waves",
        subject: "Subject...",
        shotSize: "Medium Shot",
        shotType: "Single",
        movement: "Static",
        cameraHeight: "Overhead",
        dutchAngle: null,
        framing: null,
        focusDepthOfField: null,
      },
    });
  });
});
