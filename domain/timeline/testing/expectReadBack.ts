import { expect } from "vitest";
import type { TimelineSequence } from "../sequence";
import type { ReadClip, ReadGap, ReadTimeline } from "./readTimeline";

/**
 * The product's check, "read back: the same clips, in the same order, with the same durations and media",
 * written once for the three formats. Expectations come straight from the input sequence with their own
 * arithmetic, not from the writers' layout code.
 */

type Naming = "shot label" | "media file name";

const fileName = (path: string) => path.split("/").at(-1)!;

function expectedVideo(seq: TimelineSequence, naming: Naming): ReadClip[] {
  let at = 0;
  return seq.clips.map((clip) => {
    const read: ReadClip = {
      name: naming === "shot label" ? clip.name : fileName(clip.media.path),
      recordIn: at,
      durationFrames: clip.durationFrames,
      sourceInFrames: clip.sourceInFrames,
      media: clip.media.path,
    };
    at += clip.durationFrames;
    return read;
  });
}

function expectedAudio(seq: TimelineSequence, naming: Naming): ReadClip[] {
  return [...seq.audio]
    .sort((a, b) => a.startFrames - b.startFrames)
    .map((clip) => ({
      name: naming === "shot label" ? clip.name : fileName(clip.media.path),
      recordIn: clip.startFrames,
      durationFrames: clip.durationFrames,
      sourceInFrames: clip.sourceInFrames,
      media: clip.media.path,
    }));
}

function expectedGaps(seq: TimelineSequence): ReadGap[] {
  const gaps: ReadGap[] = [];
  let at = 0;
  for (const clip of [...seq.audio].sort((a, b) => a.startFrames - b.startFrames)) {
    if (clip.startFrames > at) gaps.push({ recordIn: at, durationFrames: clip.startFrames - at });
    at = clip.startFrames + clip.durationFrames;
  }
  return gaps;
}

/** The fields every format carries; format-specific extras (the EDL's note, reel, channel) are checked elsewhere. */
const common = ({ name, recordIn, durationFrames, sourceInFrames, media }: ReadClip): ReadClip => ({
  name,
  recordIn,
  durationFrames,
  sourceInFrames,
  media,
});

export function expectSameTimeline(read: ReadTimeline, seq: TimelineSequence, naming: Naming = "shot label"): void {
  expect(read.video.map(common)).toEqual(expectedVideo(seq, naming));
  expect(read.audio.map(common)).toEqual(expectedAudio(seq, naming));
  expect(read.audioGaps).toEqual(expectedGaps(seq));
  // Record time is contiguous on the video track: each shot starts where the one before it ends.
  read.video.forEach((clip, i) => {
    if (i > 0) expect(clip.recordIn).toBe(read.video[i - 1]!.recordIn + read.video[i - 1]!.durationFrames);
  });
}
