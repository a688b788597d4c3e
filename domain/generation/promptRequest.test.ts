import { describe, expect, it } from "vitest";
import { isRequestNotIdea } from "./promptRequest";

describe("requests the image prompt writer cannot expand", () => {
  it("knows requests for writing, questions and summaries", () => {
    for (const text of [
      "Write a logline for a chase in the rain",
      "summarize the scene above",
      "Summarise this",
      "What lens suits a close-up?",
      "how do I light a night exterior",
      "Can you give me three titles",
      "Give me a synopsis",
      "a chase in the rain?",
    ]) {
      expect(isRequestNotIdea(text), text).toBe(true);
    }
  });

  it("takes ideas for a picture as ideas, even ones that start like a verb elsewhere", () => {
    for (const text of [
      "A lighthouse in a storm at night",
      "chase in the rain, neon reflections",
      "Writer at her desk by candlelight",
      "Lists of names on a wall",
      "",
      "  ",
    ]) {
      expect(isRequestNotIdea(text), text).toBe(false);
    }
  });
});
