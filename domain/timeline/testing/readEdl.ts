import { timecodeToFrames } from "../timecode";
import { gapsBetween, type ReadClip, type ReadTimeline } from "./readTimeline";

/**
 * Reads a CMX 3600 EDL the way OpenTimelineIO's cmx_3600 adapter does: numbered event lines, each followed
 * by "*" comment lines that belong to it; `FROM CLIP NAME` names the clip and `OTIO REFERENCE FROM` (or
 * `FROM CLIP` / `FROM FILE`) gives its media. Channel V is the video track, A the first audio channel.
 * Source and record lengths must agree, since the adapter refuses a cut whose two lengths differ.
 * A `BL` (black) event is filler, not a clip: it is kept in `events` but not in `video` or `audio`.
 */

const EVENT = /^(\d{3,})\s+(\S+)\s+(\S+)\s+C\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$/;

interface EdlEventRead extends ReadClip {
  channel: string;
  reel: string;
}

export function readEdl(text: string, timecodeRate: number): ReadTimeline & { events: EdlEventRead[]; fcm: string | null } {
  let name = "";
  let fcm: string | null = null;
  const events: EdlEventRead[] = [];
  const frames = (tc: string) => timecodeToFrames(tc, timecodeRate);
  for (const line of text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const event = EVENT.exec(line);
    const last = events.at(-1);
    if (line.startsWith("TITLE:")) name = line.slice("TITLE:".length).trim();
    else if (line.startsWith("FCM:")) fcm = line.slice("FCM:".length).trim();
    else if (event) {
      const [, number, reel, channel, srcIn, srcOut, recIn, recOut] = event as unknown as string[];
      if (Number(number) !== events.length + 1) throw new Error(`Event ${number} is out of sequence`);
      const duration = frames(recOut!) - frames(recIn!);
      if (frames(srcOut!) - frames(srcIn!) !== duration) throw new Error(`Event ${number}: source and record lengths differ`);
      events.push({
        name: "",
        recordIn: frames(recIn!),
        durationFrames: duration,
        sourceInFrames: frames(srcIn!),
        media: null,
        channel: channel!,
        reel: reel!,
      });
    } else if (line.startsWith("*") && last) {
      const comment = /^\*\s*(FROM CLIP NAME|OTIO REFERENCE FROM|FROM CLIP|FROM FILE|COMMENT):?\s*(.*)$/.exec(line);
      if (comment?.[1] === "FROM CLIP NAME") last.name = comment[2]!;
      else if (comment?.[1] === "COMMENT") last.note = comment[2]!;
      else if (comment) last.media = comment[2]!;
    } else {
      throw new Error(`Unexpected EDL line: ${line}`);
    }
  }
  const clips = events.filter((e) => e.reel !== "BL");
  const video = clips.filter((e) => e.channel === "V");
  const audio = clips.filter((e) => e.channel === "A");
  return { name, fcm, events, video, audio, audioGaps: gapsBetween(audio) };
}
