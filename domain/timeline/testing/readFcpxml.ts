import { SaxesParser } from "saxes";
import { gapsBetween, type ReadClip, type ReadTimeline } from "./readTimeline";

/**
 * Reads an .fcpxml file as Final Cut Pro interprets it. The XML goes through saxes, a strict XML 1.0
 * parser (jsdom's), so a stray "&" or control character fails here as it would in an NLE. Times are
 * rational seconds, converted to frames exactly (BigInt), and a time off a frame boundary is an error.
 */

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

export function parseXmlStrict(text: string): XmlNode {
  const parser = new SaxesParser();
  const root: XmlNode = { name: "#document", attributes: {}, children: [] };
  const open: XmlNode[] = [root];
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const node: XmlNode = { name: tag.name, attributes: { ...(tag.attributes as Record<string, string>) }, children: [] };
    open.at(-1)!.children.push(node);
    open.push(node);
  });
  parser.on("closetag", () => void open.pop());
  parser.write(text).close();
  return root.children[0]!;
}

export function child(node: XmlNode, name: string): XmlNode {
  const found = node.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${node.name}> has no <${name}>`);
  return found;
}

type Fraction = [bigint, bigint];

function parseTime(time: string | undefined): Fraction {
  if (time === undefined) return [0n, 1n];
  const match = /^(\d+)(?:\/(\d+))?s$/.exec(time);
  if (!match) throw new Error(`Not an FCPXML time: ${time}`);
  return [BigInt(match[1]!), BigInt(match[2] ?? "1")];
}

/** A time as whole frames of `frame` seconds; throws when it falls between frames. */
export function toFrames(time: string | undefined, frame: Fraction): number {
  const [a, b] = parseTime(time);
  const [n, d] = frame;
  if ((a * d) % (b * n) !== 0n) throw new Error(`${time} is not on a frame boundary`);
  return Number((a * d) / (b * n));
}

export function readFcpxml(text: string): ReadTimeline {
  const root = parseXmlStrict(text);
  const resources = child(root, "resources").children;
  const byId = new Map(resources.map((r) => [r.attributes.id, r]));
  const project = child(child(child(root, "library"), "event"), "project");
  const sequence = child(project, "sequence");
  const frame = parseTime(byId.get(sequence.attributes.format)?.attributes.frameDuration);
  const mediaOf = (ref: string | undefined): string | null => {
    const asset = byId.get(ref);
    const src = asset?.children.find((c) => c.name === "media-rep")?.attributes.src;
    // "./media/a.png" and "media/a.png" are the same relative reference.
    return src === undefined ? null : src.replace(/^\.\//, "");
  };

  const video: ReadClip[] = [];
  const audio: ReadClip[] = [];
  for (const item of child(sequence, "spine").children) {
    const recordIn = toFrames(item.attributes.offset, frame);
    const start = toFrames(item.attributes.start, frame);
    if (item.name !== "gap") {
      // A <clip> (a still) names its media by the <video> inside it, on the clip's own storyline (no lane).
      const ref =
        item.name === "clip"
          ? item.children.find((c) => c.name === "video" && c.attributes.lane === undefined)?.attributes.ref
          : item.attributes.ref;
      video.push({
        name: item.attributes.name!,
        recordIn,
        durationFrames: toFrames(item.attributes.duration, frame),
        sourceInFrames: start,
        media: mediaOf(ref),
      });
    }
    for (const connected of item.children.filter((c) => Number(c.attributes.lane) < 0)) {
      // A connected clip's offset is in its parent's own time, which begins at the parent's start.
      audio.push({
        name: connected.attributes.name!,
        recordIn: recordIn + toFrames(connected.attributes.offset, frame) - start,
        durationFrames: toFrames(connected.attributes.duration, frame),
        sourceInFrames: toFrames(connected.attributes.start, frame),
        media: mediaOf(connected.attributes.ref),
      });
    }
  }
  audio.sort((a, b) => a.recordIn - b.recordIn);
  return { name: project.attributes.name!, video, audio, audioGaps: gapsBetween(audio) };
}
