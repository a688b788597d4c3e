import { toAscii } from "./ascii";
import { placeAudio, placeVideo } from "./layout";
import { framesPerSecond, mediaFileName, timelineSequenceSchema, type TimelineSequence } from "./sequence";
import { framesToTimecode } from "./timecode";

/**
 * CMX 3600 EDL (.edl): one video track (V events) and the dialogue as audio channel 1 (A events), cuts only,
 * non-drop-frame timecode at the sequence's nominal rate, record time starting at 00:00:00:00.
 *
 * Comment lines follow what OpenTimelineIO's cmx_3600 adapter writes in its "premiere" style and reads back
 * (OpenTimelineIO/otio-cmx3600-adapter, src/otio_cmx3600_adapter/cmx_3600.py):
 * - reel "AX" (an auxiliary source: the media is not on a tape), so NLEs match media by clip name;
 * - `* FROM CLIP NAME:` with the media file's name, which is how Resolve and Premiere find the clip;
 * - `* OTIO REFERENCE FROM:` with the relative path, which the adapter reads as the clip's media
 *   (a `* FROM CLIP:`/`* FROM FILE:` line would too, but makes Premiere name every clip UNKNOWN).
 * The shot's label rides along as a `* COMMENT:` line, which readers keep as a note.
 *
 * Each channel whose first event starts after 00:00:00:00 begins with a `BL` (black/silence) event from
 * 00:00:00:00, as CMX practice has it: OpenTimelineIO's reader otherwise stores the lead-in as a negative
 * track start and hides as many frames at the track's end (the last lines of dialogue).
 * The title and comments are plain ASCII (toAscii). An EDL cannot state its frame rate, so the rate is in
 * a comment on the first event (a reader refuses comments before it) and in the file's name (edlFileName).
 */

const REEL = "AX";
/** CMX 3600 titles are at most 70 characters. */
const TITLE_MAX = 70;

/** The reel CMX 3600 reserves for black (and, on an audio channel, silence). */
const BLACK = "BL";

/** One line of ASCII text: a line break in a name would start a line the reader takes for an event. */
function oneLine(text: string): string {
  return toAscii(text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")).trim();
}

/** The real rate as people write it: 24, 25, 23.976, 29.97. */
function rateLabel(seq: Pick<TimelineSequence, "fps" | "ntsc">): string {
  return String(Number(framesPerSecond(seq).toFixed(3)));
}

/** "Rain Chase animatic 24fps.edl": the rate the EDL cannot carry, in a name every file system accepts. */
export function edlFileName(input: Pick<TimelineSequence, "name" | "fps" | "ntsc">): string {
  const name = oneLine(input.name)
    .replace(/[\\/:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    // No hidden file or ".." climbing out of a folder.
    .replace(/^[.\s]+/, "")
    .trim();
  return `${name.slice(0, 100).trim() || "Timeline"} ${rateLabel(input)}fps.edl`;
}

interface EdlEvent {
  channel: "V" | "A";
  /** Undefined for a BL event, which plays black (or silence) and has no media. */
  media?: { path: string; label: string };
  sourceIn: number;
  duration: number;
  recordIn: number;
}

function eventLines(number: number, event: EdlEvent, base: number): string[] {
  const tc = (frames: number) => framesToTimecode(frames, base);
  // Column layout as the OTIO writer prints it: event, reel (8), channel (5), transition, then timecodes.
  const line = [
    `${String(number).padStart(3, "0")}  ${(event.media ? REEL : BLACK).padEnd(8)} ${event.channel.padEnd(5)} C        `,
    `${tc(event.sourceIn)} ${tc(event.sourceIn + event.duration)} `,
    `${tc(event.recordIn)} ${tc(event.recordIn + event.duration)}`,
  ].join("");
  if (!event.media) return [line];
  return [
    line,
    // Two spaces after the colon, as Avid Media Composer writes it.
    `* FROM CLIP NAME:  ${mediaFileName(event.media.path)}`,
    `* OTIO REFERENCE FROM: ${event.media.path}`,
    `* COMMENT: ${oneLine(event.media.label)}`,
  ];
}

/** A channel's events, led by a BL event from 00:00:00:00 when the first one starts later. */
function fromZero(events: EdlEvent[]): EdlEvent[] {
  const first = events[0];
  if (!first || first.recordIn === 0) return events;
  return [{ channel: first.channel, sourceIn: 0, duration: first.recordIn, recordIn: 0 }, ...events];
}

export function toEdl(input: TimelineSequence): string {
  const seq = timelineSequenceSchema.parse(input);
  const video = placeVideo(seq).map(({ clip, recordIn }) => ({
    channel: "V" as const,
    media: { path: clip.media.path, label: clip.name },
    sourceIn: clip.sourceInFrames,
    duration: clip.durationFrames,
    recordIn,
  }));
  // Silence between lines needs no event: a gap is record time that no event covers. Only the lead-in does.
  const audio = placeAudio(seq).flatMap((placed) =>
    placed.kind === "gap"
      ? []
      : [
          {
            channel: "A" as const,
            media: { path: placed.clip.media.path, label: placed.clip.name },
            sourceIn: placed.clip.sourceInFrames,
            duration: placed.clip.durationFrames,
            recordIn: placed.recordIn,
          },
        ],
  );
  const events = [...fromZero(video), ...fromZero(audio)];

  const title = oneLine(seq.name).slice(0, TITLE_MAX);
  const blocks = events.map((event, i) => eventLines(i + 1, event, seq.fps));
  const rate = `* FRAME RATE: ${rateLabel(seq)} FPS${seq.ntsc ? ` (NON-DROP TIMECODE COUNTED AT ${seq.fps})` : ""}`;
  blocks[0]!.push(rate);
  return `TITLE: ${title}\nFCM: NON-DROP FRAME\n\n${blocks.map((lines) => lines.join("\n")).join("\n\n")}\n`;
}
