import { placeAudio, placeVideo } from "./layout";
import { framesPerSecond, mediaFileName, timelineSequenceSchema, type TimelineSequence } from "./sequence";

/**
 * OpenTimelineIO JSON (.otio). Each object carries the keys, in the order, that OpenTimelineIO 0.17's own
 * writer emits (its tests/baselines/empty_*.json and the write_to methods in src/opentimelineio/*.cpp).
 * Clips are Clip.2 (media_references + active_media_reference_key), which 0.17 and later write and read.
 * OTIO 0.18 adds an optional "color" key to items; it is left out so 0.17 reads the file without extras.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** OTIO's key for a clip's one media reference. */
const DEFAULT_MEDIA = "DEFAULT_MEDIA";

function rationalTime(value: number, rate: number): Json {
  return { OTIO_SCHEMA: "RationalTime.1", rate, value };
}

function timeRange(start: number, duration: number, rate: number): Json {
  return { OTIO_SCHEMA: "TimeRange.1", duration: rationalTime(duration, rate), start_time: rationalTime(start, rate) };
}

/** The keys every Item (clip, gap, track, stack) shares, in the writer's order. */
function item(schema: string, name: string, sourceRange: Json, metadata: Json = {}): { [key: string]: Json } {
  return { OTIO_SCHEMA: schema, metadata, name, source_range: sourceRange, effects: [], markers: [], enabled: true };
}

function clip(
  name: string,
  source: { start: number; duration: number },
  media: { path: string; availableFrames?: number },
  metadata: Json,
  rate: number,
): Json {
  const reference: Json = {
    OTIO_SCHEMA: "ExternalReference.1",
    metadata: {},
    name: mediaFileName(media.path),
    // Only a video file has a known length; a still has none, and audio files are not measured here.
    available_range: media.availableFrames === undefined ? null : timeRange(0, media.availableFrames, rate),
    available_image_bounds: null,
    // Relative to the .otio file, which sits at the zip's root next to media/.
    target_url: media.path,
  };
  return {
    ...item("Clip.2", name, timeRange(source.start, source.duration, rate), metadata),
    media_references: { [DEFAULT_MEDIA]: reference },
    active_media_reference_key: DEFAULT_MEDIA,
  };
}

function track(name: string, kind: "Video" | "Audio", children: Json[]): Json {
  return { ...item("Track.1", name, null), children, kind };
}

export function toOtio(input: TimelineSequence): string {
  const seq = timelineSequenceSchema.parse(input);
  const rate = framesPerSecond(seq);

  const video = placeVideo(seq).map(({ clip: c }) =>
    clip(
      c.name,
      { start: c.sourceInFrames, duration: c.durationFrames },
      { path: c.media.path, availableFrames: c.media.sourceDurationFrames },
      { reelgraph: { id: c.id, media_kind: c.media.kind } },
      rate,
    ),
  );
  const audio = placeAudio(seq).map((placed) =>
    placed.kind === "gap"
      ? item("Gap.1", "", timeRange(0, placed.recordOut - placed.recordIn, rate))
      : clip(
          placed.clip.name,
          { start: placed.clip.sourceInFrames, duration: placed.clip.durationFrames },
          { path: placed.clip.media.path },
          { reelgraph: { id: placed.clip.id } },
          rate,
        ),
  );

  const timeline: Json = {
    OTIO_SCHEMA: "Timeline.1",
    metadata: { reelgraph: { width: seq.width, height: seq.height } },
    name: seq.name,
    global_start_time: rationalTime(0, rate),
    tracks: {
      ...item("Stack.1", "tracks", null),
      children: [track("V1", "Video", video), track("A1", "Audio", audio)],
    },
  };
  return `${JSON.stringify(timeline, null, 4)}\n`;
}
