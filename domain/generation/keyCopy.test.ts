import { describe, expect, it } from "vitest";
import { apiKeyName, lockedReason } from "./api";
import { PROVIDER_LABELS } from "../providers/registry";

describe("key copy", () => {
  it("says 'an' before a vowel and 'a' otherwise", () => {
    expect(lockedReason(PROVIDER_LABELS.openai)).toBe("Add an OpenAI key in Settings");
    expect(lockedReason(PROVIDER_LABELS.elevenlabs)).toBe("Add an ElevenLabs key in Settings");
    expect(lockedReason(PROVIDER_LABELS.runway)).toBe("Add a Runway key in Settings");
  });

  it("never says API twice", () => {
    expect(apiKeyName(PROVIDER_LABELS.google)).toBe("Google Gemini API key");
    expect(apiKeyName(PROVIDER_LABELS.openai)).toBe("OpenAI API key");
  });
});
