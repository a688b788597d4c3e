import { placeAudio, placeVideo, type PlacedClip } from "./layout";
import { mediaFileName, timelineDurationFrames, timelineSequenceSchema, type TimelineSequence } from "./sequence";
import { xmlElement } from "./xml";

/**
 * Final Cut Pro XML 1.10 (.fcpxml), which Final Cut Pro 10.6+, DaVinci Resolve and Premiere import.
 * Structure follows Apple's FCPXML 1.10 DTD: an asset's file is a <media-rep> child (1.10 has no `src`
 * attribute on <asset>, and FCP rejects a document that breaks the DTD); a still is an asset of duration
 * 0s, placed as a <clip> holding its <video> (the form FCP gives a still in an event, and the one
 * OpenTimelineIO's fcpx adapter follows: it times a <video> by the clip around it and fails on one straight
 * in the spine); the still's format carries the sequence's frameDuration, which that adapter needs on every
 * format. A video file is an <asset-clip> whose asset lasts the file's full length when it is known.
 * Dialogue is connected below the storyline (lane -1) to the shot it starts under.
 * Spelling of times and connected clips as in FCP's own export that OpenTimelineIO's adapter tests with
 * (OpenTimelineIO/otio-fcpx-xml-adapter, tests/sample_data/fcpx_project.fcpxml): frameDuration "100/3000s",
 * tcStart="0s" tcFormat="NDF", a connected clip's offset counted in its parent's time (from its start).
 */

/** A frame's length in seconds as a fraction, in FCP's own spelling (100/2400s for 24p, 1001/24000s for 23.976). */
interface FrameDuration {
  num: number;
  den: number;
}

function frameDuration(seq: TimelineSequence): FrameDuration {
  return seq.ntsc ? { num: 1001, den: seq.fps * 1000 } : { num: 100, den: seq.fps * 100 };
}

/** A whole number of frames as rational seconds: exact, so every cut lands on a frame boundary. */
function time(frames: number, frame: FrameDuration): string {
  return frames === 0 ? "0s" : `${frames * frame.num}/${frame.den}s`;
}

const FORMAT_SIZES: Record<string, string> = {
  "1280x720": "720p",
  "1920x1080": "1080p",
  "3840x2160": "3840x2160p",
  "4096x2160": "4096x2160p",
};
const FORMAT_RATES: Record<string, string> = {
  "24": "24",
  "25": "25",
  "30": "30",
  "50": "50",
  "60": "60",
  "24n": "2398",
  "30n": "2997",
  "60n": "5994",
};

/** FCP's preset name (FFVideoFormat1080p2398) when the size and rate are a preset; otherwise FCP makes a custom format. */
function formatName(seq: TimelineSequence): string | undefined {
  const size = FORMAT_SIZES[`${seq.width}x${seq.height}`];
  const rate = FORMAT_RATES[`${seq.fps}${seq.ntsc ? "n" : ""}`];
  return size && rate ? `FFVideoFormat${size}${rate}` : undefined;
}

interface Asset {
  id: string;
  path: string;
  still: boolean;
  video: boolean;
  audio: boolean;
  /** The known file length, else the furthest frame the timeline uses. */
  frames: number;
}

const SEQUENCE_FORMAT = "r1";
const STILL_FORMAT = "r2";

/** One asset per media file, however many clips use it. */
function collectAssets(seq: TimelineSequence): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const use = (path: string, kind: "still" | "video" | "audio", frames: number) => {
    const asset = assets.get(path) ?? { id: `r${assets.size + 3}`, path, still: false, video: false, audio: false, frames: 0 };
    asset[kind] = true;
    asset.frames = Math.max(asset.frames, frames);
    assets.set(path, asset);
  };
  for (const clip of seq.clips) {
    const still = clip.media.kind !== "video";
    use(clip.media.path, still ? "still" : "video", clip.media.sourceDurationFrames ?? clip.sourceInFrames + clip.durationFrames);
  }
  for (const clip of seq.audio) use(clip.media.path, "audio", clip.sourceInFrames + clip.durationFrames);
  return assets;
}

function assetElement(asset: Asset, frame: FrameDuration): string {
  const picture = asset.still || asset.video;
  return xmlElement(
    "asset",
    {
      id: asset.id,
      name: mediaFileName(asset.path),
      start: "0s",
      // A still has no time of its own: FCP gives it duration 0s and each use its own duration.
      duration: asset.still ? "0s" : time(asset.frames, frame),
      hasVideo: picture ? "1" : undefined,
      format: asset.still ? STILL_FORMAT : asset.video ? SEQUENCE_FORMAT : undefined,
      videoSources: picture ? "1" : undefined,
      hasAudio: asset.audio ? "1" : undefined,
      audioSources: asset.audio ? "1" : undefined,
    },
    // Relative to the .fcpxml file: the zip keeps media/ beside it.
    [xmlElement("media-rep", { kind: "original-media", src: `./${asset.path}` })],
  );
}

/** A spine item and the record-time span it covers, for hanging dialogue off it. */
interface SpineSlot {
  recordIn: number;
  recordOut: number;
  /** The item's own timeline origin: a connected clip's offset is measured from it. */
  localStart: number;
  build: (connected: string[]) => string;
}

function shotSlot(placed: PlacedClip, assets: Map<string, Asset>, frame: FrameDuration): SpineSlot {
  const { clip, recordIn, recordOut } = placed;
  const ref = assets.get(clip.media.path)!.id;
  const placement = { name: clip.name, offset: time(recordIn, frame), duration: time(clip.durationFrames, frame) };
  const still = clip.media.kind !== "video";
  return {
    recordIn,
    recordOut,
    localStart: clip.sourceInFrames,
    build: (connected) =>
      still
        ? // The clip's own time starts at 0, where its picture starts; dialogue hangs off the clip beside it.
          xmlElement("clip", { ...placement, format: SEQUENCE_FORMAT }, [
            xmlElement("video", { ref, offset: "0s", duration: placement.duration }),
            ...connected,
          ])
        : // srcEnable="video": the picture track carries picture only; dialogue comes from the audio clips.
          xmlElement("asset-clip", { ref, ...placement, start: time(clip.sourceInFrames, frame), srcEnable: "video" }, connected),
  };
}

export function toFcpxml(input: TimelineSequence): string {
  const seq = timelineSequenceSchema.parse(input);
  const frame = frameDuration(seq);
  const assets = collectAssets(seq);
  const total = timelineDurationFrames(seq);

  const slots = placeVideo(seq).map((placed) => shotSlot(placed, assets, frame));
  const videoEnd = slots.at(-1)!.recordOut;
  if (total > videoEnd) {
    // Dialogue running past the last shot needs something on the storyline to connect to.
    slots.push({
      recordIn: videoEnd,
      recordOut: total,
      localStart: 0,
      build: (connected) =>
        xmlElement("gap", { name: "Gap", offset: time(videoEnd, frame), duration: time(total - videoEnd, frame) }, connected),
    });
  }

  const connected = slots.map(() => [] as string[]);
  for (const placed of placeAudio(seq)) {
    if (placed.kind === "gap") continue; // silence is simply no connected clip
    const index = slots.findIndex((slot) => placed.recordIn >= slot.recordIn && placed.recordIn < slot.recordOut);
    const slot = slots[index]!;
    connected[index]!.push(
      xmlElement("asset-clip", {
        ref: assets.get(placed.clip.media.path)!.id,
        lane: "-1",
        name: placed.clip.name,
        offset: time(slot.localStart + placed.recordIn - slot.recordIn, frame),
        duration: time(placed.clip.durationFrames, frame),
        start: time(placed.clip.sourceInFrames, frame),
        // Sound only, even from a file that also has picture.
        srcEnable: "audio",
        audioRole: "dialogue",
      }),
    );
  }

  const hasStills = seq.clips.some((clip) => clip.media.kind !== "video");
  const resources = [
    xmlElement("format", {
      id: SEQUENCE_FORMAT,
      name: formatName(seq),
      frameDuration: time(1, frame),
      width: String(seq.width),
      height: String(seq.height),
      colorSpace: "1-1-1 (Rec. 709)",
    }),
    // The studio renders stills at the sequence's size (1-13-1 is sRGB). A still has no rate of its own; it
    // is held at the sequence's, and says so, since readers (OpenTimelineIO's) time its clip by this format.
    ...(hasStills
      ? [
          xmlElement("format", {
            id: STILL_FORMAT,
            frameDuration: time(1, frame),
            width: String(seq.width),
            height: String(seq.height),
            colorSpace: "1-13-1",
          }),
        ]
      : []),
    ...[...assets.values()].map((asset) => assetElement(asset, frame)),
  ];

  const sequence = xmlElement(
    "sequence",
    { format: SEQUENCE_FORMAT, duration: time(total, frame), tcStart: "0s", tcFormat: "NDF", audioLayout: "stereo", audioRate: "48k" },
    [
      xmlElement(
        "spine",
        {},
        slots.map((slot, i) => slot.build(connected[i]!)),
      ),
    ],
  );
  const library = xmlElement("library", {}, [
    xmlElement("event", { name: seq.name }, [xmlElement("project", { name: seq.name }, [sequence])]),
  ]);
  const fcpxml = xmlElement("fcpxml", { version: "1.10" }, [xmlElement("resources", {}, resources), library]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE fcpxml>\n\n${fcpxml}\n`;
}
