/**
 * What the tests read back out of an exported file, whatever its format, so one set of assertions checks
 * all three. The readers in this folder parse the files on their own (JSON.parse, a strict XML parser, a
 * line parser) and never call the writers' code: a shared mistake would otherwise pass unseen.
 */

export interface ReadClip {
  name: string;
  /** Record time on the timeline, in frames. */
  recordIn: number;
  durationFrames: number;
  sourceInFrames: number;
  /** The media path as written in the file (relative to it), or null when the file names none. */
  media: string | null;
  /** Extra text the format carries beside the name (the EDL's shot label comment). */
  note?: string;
}

export interface ReadGap {
  recordIn: number;
  durationFrames: number;
}

export interface ReadTimeline {
  name: string;
  video: ReadClip[];
  audio: ReadClip[];
  /** Silences on the audio track between 0 and its last clip. */
  audioGaps: ReadGap[];
}

/** The silences between clips that are in record order. */
export function gapsBetween(clips: readonly ReadClip[]): ReadGap[] {
  const gaps: ReadGap[] = [];
  let at = 0;
  for (const clip of clips) {
    if (clip.recordIn > at) gaps.push({ recordIn: at, durationFrames: clip.recordIn - at });
    at = clip.recordIn + clip.durationFrames;
  }
  return gaps;
}
