import { describe, expect, it } from "vitest";
import { toOtio } from "./otio";
import { OTIO_0_17_KEYS } from "./testing/fixtures/otioKeys";
import { expectSameTimeline } from "./testing/expectReadBack";
import { readOtio } from "./testing/readOtio";
import { animatic, longAnimatic } from "./testing/sequences";

/** Every object in the document that names an OTIO schema. */
function schemaObjects(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((v) => schemaObjects(v, found));
  else if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>;
    if (typeof o.OTIO_SCHEMA === "string") found.push(o);
    // metadata is free-form user data, not schema objects
    Object.entries(o).forEach(([key, v]) => key !== "metadata" && schemaObjects(v, found));
  }
  return found;
}

describe("toOtio", () => {
  it("reads back with the same clips, order, durations, media and audio gaps", () => {
    const read = readOtio(toOtio(animatic()));
    expect(read.name).toBe("Kitchen scene – animatic v3");
    expect(read.rate).toBe(24);
    expectSameTimeline(read, animatic());
    // Silence is a Gap item of its own: before the first line and between the first two.
    expect(read.audioGapItems).toBe(2);
  });

  it("writes each schema object with exactly the keys OpenTimelineIO 0.17 writes", () => {
    const objects = schemaObjects(JSON.parse(toOtio(animatic())));
    const schemas = new Set(objects.map((o) => o.OTIO_SCHEMA as string));
    expect([...schemas].sort()).toEqual([
      "Clip.2",
      "ExternalReference.1",
      "Gap.1",
      "RationalTime.1",
      "Stack.1",
      "TimeRange.1",
      "Timeline.1",
      "Track.1",
    ]);
    for (const o of objects) {
      expect({ schema: o.OTIO_SCHEMA, keys: Object.keys(o).sort() }).toEqual({
        schema: o.OTIO_SCHEMA,
        keys: [...OTIO_0_17_KEYS[o.OTIO_SCHEMA as string]!].sort(),
      });
    }
  });

  it("points each clip at its media by relative path, with a known length only for video files", () => {
    const doc = JSON.parse(toOtio(animatic()));
    const [video, audio] = doc.tracks.children;
    const references = (track: {
      children: { OTIO_SCHEMA: string; media_references: Record<string, unknown>; active_media_reference_key: string }[];
    }) =>
      track.children
        .filter((c) => c.OTIO_SCHEMA === "Clip.2")
        .map((c) => c.media_references[c.active_media_reference_key] as Record<string, unknown>);
    expect(video.children.every((c: { active_media_reference_key: string }) => c.active_media_reference_key === "DEFAULT_MEDIA")).toBe(
      true,
    );
    expect(references(video).map((r) => [r.target_url, r.name])).toEqual([
      ["media/shot-001.png", "shot-001.png"],
      ["media/shot-002.mp4", "shot-002.mp4"],
      ["media/card-003.png", "card-003.png"],
      ["media/shot-004.png", "shot-004.png"],
    ]);
    expect(references(video)[1]!.available_range).toEqual({
      OTIO_SCHEMA: "TimeRange.1",
      duration: { OTIO_SCHEMA: "RationalTime.1", rate: 24, value: 240 },
      start_time: { OTIO_SCHEMA: "RationalTime.1", rate: 24, value: 0 },
    });
    expect(references(video)[0]!.available_range).toBeNull();
    expect(references(audio).every((r) => r.available_range === null)).toBe(true);
    expect(video.kind).toBe("Video");
    expect(audio.kind).toBe("Audio");
  });

  it.each([24, 25, 30])("reads back a 20-shot animatic at %i fps", (fps) => {
    const seq = longAnimatic(20, fps);
    const read = readOtio(toOtio(seq));
    expect(read.video).toHaveLength(20);
    expectSameTimeline(read, seq);
  });

  it("writes NTSC rates as OpenTimelineIO's 24000/1001", () => {
    const read = readOtio(toOtio(animatic({ ntsc: true })));
    expect(read.rate).toBe(24000 / 1001);
    expectSameTimeline(read, animatic({ ntsc: true }));
  });

  it("keeps hostile names as they are (JSON escapes them)", () => {
    const name = `A & B <"quoted"> \\ \n ' – 🎬`;
    const seq = animatic({ name });
    seq.clips[0]!.name = name;
    const read = readOtio(toOtio(seq));
    expect(read.name).toBe(name);
    expect(read.video[0]!.name).toBe(name);
  });

  it("validates its input", () => {
    expect(() => toOtio(animatic({ clips: [] }))).toThrow();
  });
});
