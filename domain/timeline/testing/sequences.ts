import type { TimelineAudioClip, TimelineClip, TimelineSequence } from "../sequence";

/** Timelines for the tests: a small animatic with every kind of shot, and a long one built by a loop. */

export function animatic(overrides: Partial<TimelineSequence> = {}): TimelineSequence {
  return {
    name: "Kitchen scene – animatic v3",
    fps: 24,
    width: 1920,
    height: 1080,
    clips: [
      {
        id: "c1",
        name: "1A – WIDE – INT. KITCHEN",
        media: { path: "media/shot-001.png", kind: "still" },
        durationFrames: 72,
        sourceInFrames: 0,
      },
      {
        id: "c2",
        name: "1B – MCU – MAYA",
        media: { path: "media/shot-002.mp4", kind: "video", sourceDurationFrames: 240 },
        durationFrames: 50,
        sourceInFrames: 12,
      },
      { id: "c3", name: "TITLE CARD", media: { path: "media/card-003.png", kind: "card" }, durationFrames: 29, sourceInFrames: 0 },
      {
        id: "c4",
        name: "1C – INSERT – KETTLE",
        media: { path: "media/shot-004.png", kind: "still" },
        durationFrames: 61,
        sourceInFrames: 0,
      },
    ],
    audio: [
      // Out of order on purpose: writers sort by record time. Silence before the first line and between lines.
      {
        id: "a2",
        name: "MAYA: It's boiling.",
        media: { path: "media/dialogue-004.wav" },
        startFrames: 130,
        durationFrames: 70,
        sourceInFrames: 0,
      },
      {
        id: "a1",
        name: "DAD: Morning.",
        media: { path: "media/dialogue-001.wav" },
        startFrames: 10,
        durationFrames: 40,
        sourceInFrames: 5,
      },
      {
        id: "a3",
        name: "DAD: Leave it.",
        media: { path: "media/dialogue-005.wav" },
        startFrames: 200,
        durationFrames: 30,
        sourceInFrames: 0,
      },
    ],
    ...overrides,
  };
}

/** `count` shots of varied lengths (including 29 frames, which float arithmetic at 25 fps gets wrong) and dialogue under every other one. */
export function longAnimatic(count: number, fps: number): TimelineSequence {
  const clips: TimelineClip[] = [];
  const audio: TimelineAudioClip[] = [];
  let at = 0;
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, "0");
    const durationFrames = [29, fps * 3, 1, 123, fps * 2 + 7][i % 5]!;
    const video = i % 4 === 0;
    clips.push({
      id: `c${i}`,
      name: `${i}A – SHOT ${n}`,
      media: video
        ? { path: `media/shot-${n}.mov`, kind: "video", sourceDurationFrames: durationFrames + 200 }
        : { path: `media/shot-${n}.png`, kind: "still" },
      durationFrames,
      sourceInFrames: video ? 100 : 0,
    });
    if (i % 2 === 1 && durationFrames > 2) {
      audio.push({
        id: `a${i}`,
        name: `LINE ${n}`,
        media: { path: `media/dialogue-${n}.wav` },
        startFrames: at + 1,
        durationFrames: durationFrames - 2,
        sourceInFrames: 0,
      });
    }
    at += durationFrames;
  }
  return { name: `Long animatic ${fps}`, fps, width: 1280, height: 720, clips, audio };
}
