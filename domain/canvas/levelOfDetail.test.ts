import { describe, expect, it } from "vitest";
import { isZoomedOut, lightCardKind, thumbnailUrlOf, LIGHT_CARD_BELOW_ZOOM } from "./levelOfDetail";

const ID = "0f3c2a1b-1234-4abc-8def-0123456789ab";

describe("level of detail", () => {
  it("switches to light cards below the threshold only", () => {
    expect([isZoomedOut(0.1), isZoomedOut(LIGHT_CARD_BELOW_ZOOM - 0.01), isZoomedOut(LIGHT_CARD_BELOW_ZOOM), isZoomedOut(0.6)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("colours a card by what the node holds", () => {
    expect(lightCardKind({ title: "a" })).toBe("empty");
    expect(lightCardKind({ content: "INT. HOUSE", contentType: "text" })).toBe("text");
    expect(lightCardKind({ mediaUrl: `/api/media/${ID}`, contentType: "image" })).toBe("image");
    expect(lightCardKind({ mediaUrl: `/api/media/${ID}`, contentType: "video" })).toBe("video");
    expect(lightCardKind({ mediaUrl: "https://example.com/a.mp3" })).toBe("audio");
  });

  it("asks the server's thumbnail for stored images only", () => {
    expect(thumbnailUrlOf({ mediaUrl: `/api/media/${ID}`, contentType: "image" })).toBe(`/api/media/${ID}/thumbnail`);
    expect(thumbnailUrlOf({ mediaUrl: `/api/media/${ID}`, contentType: "video" })).toBeNull();
    expect(thumbnailUrlOf({ mediaUrl: "https://example.com/a.png" })).toBeNull();
    expect(thumbnailUrlOf({ mediaUrl: "/api/media/not-an-id", contentType: "image" })).toBeNull();
    expect(thumbnailUrlOf({ content: "text" })).toBeNull();
  });
});
