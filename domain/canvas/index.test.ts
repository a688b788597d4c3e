import { describe, expect, it } from "vitest";
import * as canvas from "./index";

describe("domain/canvas index", () => {
  it("re-exports the canvas modules", () => {
    for (const name of [
      "nodeSize",
      "parseAspectRatio",
      "nearestAspectRatio",
      "snapAspectRatio",
      "detectContentType",
      "mediaUrlOf",
      "nodeLook",
      "normalizeStatus",
      "statusOnLoad",
      "nextNodePosition",
      "pastePositions",
      "newNodeId",
      "newEdgeId",
      "canConnect",
      "pruneDanglingEdges",
      "incoming",
      "outgoing",
      "contextItems",
      "contextStrip",
      "generationContext",
      "History",
      "nextSimulatedProgress",
      "progressBarWidth",
      "zoomIn",
      "zoomOut",
      "clampZoom",
      "isTypingTarget",
      "shortcutFor",
      "CANVAS_SHORTCUTS",
      "ASPECT_RATIOS",
      "nodeDataSchema",
    ]) {
      expect(canvas, name).toHaveProperty(name);
    }
  });
});
