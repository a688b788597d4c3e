import type { TimelineAudioClip, TimelineClip, TimelineSequence } from "./sequence";

/**
 * Where each item sits in record time (frames from the timeline's start). The three writers place clips
 * from here, so a cut lands on the same frame in the OTIO, FCPXML and EDL files.
 */

export interface PlacedClip {
  clip: TimelineClip;
  recordIn: number;
  /** Exclusive: the next clip's recordIn. */
  recordOut: number;
}

export type PlacedAudio =
  | { kind: "clip"; clip: TimelineAudioClip; recordIn: number; recordOut: number }
  | { kind: "gap"; recordIn: number; recordOut: number };

/** Shots are laid end to end from frame 0. */
export function placeVideo(seq: Pick<TimelineSequence, "clips">): PlacedClip[] {
  let at = 0;
  return seq.clips.map((clip) => {
    const placed = { clip, recordIn: at, recordOut: at + clip.durationFrames };
    at = placed.recordOut;
    return placed;
  });
}

/**
 * Audio clips in record order, with a gap wherever the track is silent (before the first line of dialogue
 * too): OTIO tracks are sequential, so silence must be an item of its own. Overlaps are refused by the schema.
 */
export function placeAudio(seq: Pick<TimelineSequence, "audio">): PlacedAudio[] {
  const items: PlacedAudio[] = [];
  let at = 0;
  for (const clip of [...seq.audio].sort((a, b) => a.startFrames - b.startFrames)) {
    if (clip.startFrames > at) items.push({ kind: "gap", recordIn: at, recordOut: clip.startFrames });
    items.push({ kind: "clip", clip, recordIn: clip.startFrames, recordOut: clip.startFrames + clip.durationFrames });
    at = clip.startFrames + clip.durationFrames;
  }
  return items;
}
