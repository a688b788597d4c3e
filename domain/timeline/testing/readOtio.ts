import { gapsBetween, type ReadClip, type ReadTimeline } from "./readTimeline";

/**
 * Reads an .otio file the way OpenTimelineIO lays it out: a Timeline whose Stack holds Tracks, each a
 * sequence of Clips and Gaps whose source_range durations add up to record time. Throws on anything else.
 */

type Obj = Record<string, unknown>;

function obj(value: unknown, what: string): Obj {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${what} is not an object`);
  return value as Obj;
}

function schema(value: unknown, expected: string, what: string): Obj {
  const o = obj(value, what);
  if (o.OTIO_SCHEMA !== expected) throw new Error(`${what}: expected ${expected}, got ${String(o.OTIO_SCHEMA)}`);
  return o;
}

function rationalTime(value: unknown, rate: number, what: string): number {
  const t = schema(value, "RationalTime.1", what);
  if (t.rate !== rate) throw new Error(`${what}: rate ${String(t.rate)} is not the timeline's ${rate}`);
  if (typeof t.value !== "number" || !Number.isInteger(t.value)) throw new Error(`${what}: not a whole frame`);
  return t.value;
}

function timeRange(value: unknown, rate: number, what: string): { start: number; duration: number } {
  const r = schema(value, "TimeRange.1", what);
  return { start: rationalTime(r.start_time, rate, `${what}.start_time`), duration: rationalTime(r.duration, rate, `${what}.duration`) };
}

function readTrack(value: unknown, kind: string, rate: number): { clips: ReadClip[]; gaps: number } {
  const track = schema(value, "Track.1", `${kind} track`);
  if (track.kind !== kind) throw new Error(`Expected a ${kind} track, got ${String(track.kind)}`);
  const clips: ReadClip[] = [];
  let at = 0;
  let gaps = 0;
  for (const [i, child] of (track.children as unknown[]).entries()) {
    const item = obj(child, `${kind}[${i}]`);
    const range = timeRange(item.source_range, rate, `${kind}[${i}].source_range`);
    if (item.OTIO_SCHEMA === "Gap.1") {
      gaps++;
    } else {
      schema(item, "Clip.2", `${kind}[${i}]`);
      const references = obj(item.media_references, `${kind}[${i}].media_references`);
      const reference = schema(references[item.active_media_reference_key as string], "ExternalReference.1", `${kind}[${i}] media`);
      clips.push({
        name: item.name as string,
        recordIn: at,
        durationFrames: range.duration,
        sourceInFrames: range.start,
        media: reference.target_url as string,
      });
    }
    at += range.duration;
  }
  return { clips, gaps };
}

export function readOtio(text: string): ReadTimeline & { rate: number; audioGapItems: number } {
  const timeline = schema(JSON.parse(text), "Timeline.1", "root");
  const rate = obj(timeline.global_start_time, "global_start_time").rate as number;
  const stack = schema(timeline.tracks, "Stack.1", "tracks");
  const [videoTrack, audioTrack, ...rest] = stack.children as unknown[];
  if (rest.length > 0) throw new Error("Expected exactly one video and one audio track");
  const video = readTrack(videoTrack, "Video", rate);
  const audio = readTrack(audioTrack, "Audio", rate);
  return {
    name: timeline.name as string,
    rate,
    video: video.clips,
    audio: audio.clips,
    audioGaps: gapsBetween(audio.clips),
    audioGapItems: audio.gaps,
  };
}
