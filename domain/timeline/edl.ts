import { placeAudio, placeVideo } from "./layout";
import { mediaFileName, timelineSequenceSchema, type TimelineSequence } from "./sequence";
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
 */

const REEL = "AX";
/** CMX 3600 titles are at most 70 characters. */
const TITLE_MAX = 70;

/** One line of text: a line break in a name would start a line the reader takes for an event. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

interface EdlEvent {
  channel: "V" | "A";
  path: string;
  label: string;
  sourceIn: number;
  duration: number;
  recordIn: number;
}

function eventLines(number: number, event: EdlEvent, base: number): string[] {
  const tc = (frames: number) => framesToTimecode(frames, base);
  // Column layout as the OTIO writer prints it: event, reel (8), channel (5), transition, then timecodes.
  const line = [
    `${String(number).padStart(3, "0")}  ${REEL.padEnd(8)} ${event.channel.padEnd(5)} C        `,
    `${tc(event.sourceIn)} ${tc(event.sourceIn + event.duration)} `,
    `${tc(event.recordIn)} ${tc(event.recordIn + event.duration)}`,
  ].join("");
  return [
    line,
    // Two spaces after the colon, as Avid Media Composer writes it.
    `* FROM CLIP NAME:  ${mediaFileName(event.path)}`,
    `* OTIO REFERENCE FROM: ${event.path}`,
    `* COMMENT: ${oneLine(event.label)}`,
  ];
}

export function toEdl(input: TimelineSequence): string {
  const seq = timelineSequenceSchema.parse(input);
  const events: EdlEvent[] = [
    ...placeVideo(seq).map(({ clip, recordIn }) => ({
      channel: "V" as const,
      path: clip.media.path,
      label: clip.name,
      sourceIn: clip.sourceInFrames,
      duration: clip.durationFrames,
      recordIn,
    })),
    // Silence needs no event: a gap is record time that no event covers.
    ...placeAudio(seq).flatMap((placed) =>
      placed.kind === "gap"
        ? []
        : [{ channel: "A" as const, path: placed.clip.media.path, label: placed.clip.name, sourceIn: placed.clip.sourceInFrames, duration: placed.clip.durationFrames, recordIn: placed.recordIn }],
    ),
  ];

  const title = [...oneLine(seq.name)].slice(0, TITLE_MAX).join("");
  const blocks = events.map((event, i) => eventLines(i + 1, event, seq.fps).join("\n"));
  return `TITLE: ${title}\nFCM: NON-DROP FRAME\n\n${blocks.join("\n\n")}\n`;
}
