import { describe, expect, it } from "vitest";
import { toFcpxml } from "./fcpxml";
import { expectSameTimeline } from "./testing/expectReadBack";
import { FCPXML_1_10_DTD, FCPXML_1_10_ENUMS } from "./testing/fixtures/fcpxml110Dtd";
import { child, parseXmlStrict, readFcpxml, toFrames, type XmlNode } from "./testing/readFcpxml";
import { animatic, longAnimatic } from "./testing/sequences";

function walk(node: XmlNode, visit: (node: XmlNode, parent: XmlNode | null) => void, parent: XmlNode | null = null): void {
  visit(node, parent);
  node.children.forEach((c) => walk(c, visit, node));
}

const byName = (root: XmlNode, name: string) => {
  const found: XmlNode[] = [];
  walk(root, (n) => n.name === name && found.push(n));
  return found;
};

describe("toFcpxml", () => {
  it("reads back with the same clips, order, durations, media and audio gaps", () => {
    const read = readFcpxml(toFcpxml(animatic()));
    expect(read.name).toBe("Kitchen scene – animatic v3");
    expectSameTimeline(read, animatic());
  });

  it("keeps to the FCPXML 1.10 DTD: elements, attributes, required attributes and fixed values", () => {
    const root = parseXmlStrict(toFcpxml(animatic()));
    expect(root.name).toBe("fcpxml");
    expect(root.attributes.version).toBe("1.10");
    walk(root, (node, parent) => {
      const rule = FCPXML_1_10_DTD[node.name];
      expect(rule, `<${node.name}> is covered by the DTD excerpt`).toBeDefined();
      if (parent) expect(FCPXML_1_10_DTD[parent.name]!.children, `<${node.name}> inside <${parent.name}>`).toContain(node.name);
      for (const attribute of Object.keys(node.attributes)) expect(rule!.attributes, `${node.name}@${attribute}`).toContain(attribute);
      for (const attribute of rule!.required) expect(node.attributes, `${node.name}@${attribute} is required`).toHaveProperty(attribute);
      for (const [attribute, value] of Object.entries(node.attributes)) {
        const allowed = FCPXML_1_10_ENUMS[`${node.name}.${attribute}`];
        if (allowed) expect(allowed).toContain(value);
      }
    });
  });

  it("writes each still as a <clip> holding its <video> (never a <video> straight in the spine), over a 0s asset whose format has the sequence's frameDuration", () => {
    const root = parseXmlStrict(toFcpxml(animatic()));
    const resources = new Map(child(root, "resources").children.map((r) => [r.attributes.id, r]));
    const spine = byName(root, "spine")[0]!;
    expect(spine.children.map((c) => c.name)).toEqual(["clip", "asset-clip", "clip", "clip", "gap"]);
    const stills = spine.children.filter((c) => c.name === "clip");
    expect(stills.map((c) => c.attributes.name)).toEqual(["1A – WIDE – INT. KITCHEN", "TITLE CARD", "1C – INSERT – KETTLE"]);
    expect(stills.map((c) => [c.attributes.offset, c.attributes.duration])).toEqual([
      ["0s", "7200/2400s"],
      ["12200/2400s", "2900/2400s"],
      ["15100/2400s", "6100/2400s"],
    ]);
    for (const still of stills) {
      const [video, ...connected] = still.children;
      expect(video!.name).toBe("video");
      expect(video!.attributes).toMatchObject({ offset: "0s", duration: still.attributes.duration });
      expect(connected.every((c) => c.attributes.lane === "-1")).toBe(true);
      const asset = resources.get(video!.attributes.ref)!;
      expect(asset.attributes).toMatchObject({ duration: "0s", hasVideo: "1" });
      expect(resources.get(asset.attributes.format)!.attributes).toMatchObject({
        frameDuration: "100/2400s",
        width: "1920",
        height: "1080",
      });
    }
    const video = spine.children.find((c) => c.name === "asset-clip")!;
    expect(video.attributes).toMatchObject({ name: "1B – MCU – MAYA", srcEnable: "video", start: "1200/2400s" });
    expect(resources.get(video.attributes.ref)!.attributes).toMatchObject({ duration: "24000/2400s", format: "r1" });
  });

  it.each([
    [24, undefined, "100/2400s"],
    [25, undefined, "100/2500s"],
    [24, true, "1001/24000s"],
  ])("gives every format a frameDuration at %i fps (ntsc %s)", (fps, ntsc, frameDuration) => {
    const formats = child(parseXmlStrict(toFcpxml(animatic({ fps, ntsc }))), "resources").children.filter((r) => r.name === "format");
    expect(formats).toHaveLength(2);
    for (const format of formats) expect(format.attributes.frameDuration).toBe(frameDuration);
  });

  it("connects dialogue below the storyline, from audio-only assets, and ends the spine where the dialogue ends", () => {
    const root = parseXmlStrict(toFcpxml(animatic()));
    const resources = new Map(child(root, "resources").children.map((r) => [r.attributes.id, r]));
    const dialogue = byName(root, "asset-clip").filter((c) => c.attributes.lane === "-1");
    expect(dialogue).toHaveLength(3);
    for (const clip of dialogue) {
      expect(clip.attributes).toMatchObject({ audioRole: "dialogue", srcEnable: "audio" });
      expect(resources.get(clip.attributes.ref)!.attributes).toMatchObject({ hasAudio: "1" });
      expect(resources.get(clip.attributes.ref)!.attributes.hasVideo).toBeUndefined();
    }
    const sequence = byName(root, "sequence")[0]!;
    expect(sequence.attributes).toMatchObject({ tcStart: "0s", tcFormat: "NDF", format: "r1", duration: "23000/2400s" });
    const spine = child(sequence, "spine").children;
    const frame: [bigint, bigint] = [100n, 2400n];
    const last = spine.at(-1)!;
    expect(last.name).toBe("gap");
    expect(toFrames(last.attributes.offset, frame) + toFrames(last.attributes.duration, frame)).toBe(230);
  });

  it("names every file by a relative media-rep, one asset per file", () => {
    const root = parseXmlStrict(toFcpxml(animatic()));
    const assets = byName(root, "asset");
    const sources = assets.map((a) => child(a, "media-rep").attributes.src);
    expect(new Set(sources).size).toBe(assets.length);
    expect(sources.every((src) => src!.startsWith("./media/"))).toBe(true);
    expect(assets.every((a) => a.attributes.src === undefined)).toBe(true);
  });

  it("makes one asset with picture and sound when a video file also serves as dialogue", () => {
    const seq = animatic();
    seq.audio[0]!.media.path = "media/shot-002.mp4";
    const assets = byName(parseXmlStrict(toFcpxml(seq)), "asset").filter((a) => a.attributes.name === "shot-002.mp4");
    expect(assets).toHaveLength(1);
    expect(assets[0]!.attributes).toMatchObject({ hasVideo: "1", hasAudio: "1", duration: "24000/2400s" });
    expectSameTimeline(readFcpxml(toFcpxml(seq)), seq);
  });

  it("escapes hostile names and drops characters XML cannot carry", () => {
    const hostile = `A & B <"quoted"> 'single' ]]> \u0001\u0008 line\nbreak`;
    const seq = animatic({ name: hostile });
    seq.clips[0]!.name = hostile;
    seq.audio[0]!.name = hostile;
    const text = toFcpxml(seq);
    expect(() => parseXmlStrict(text)).not.toThrow();
    const read = readFcpxml(text);
    const kept = `A & B <"quoted"> 'single' ]]>  line\nbreak`;
    expect(read.name).toBe(kept);
    expect(read.video[0]!.name).toBe(kept);
    expect(read.audio.map((a) => a.name)).toContain(kept);
  });

  it.each([24, 25, 30])("reads back a 20-shot animatic at %i fps, every time on a frame boundary", (fps) => {
    const seq = longAnimatic(20, fps);
    const read = readFcpxml(toFcpxml(seq));
    expect(read.video).toHaveLength(20);
    expectSameTimeline(read, seq);
  });

  it.each([
    [24, "1001/24000s", "FFVideoFormat1080p2398"],
    [30, "1001/30000s", "FFVideoFormat1080p2997"],
  ])("writes NTSC %i as frameDuration %s", (fps, frameDuration, name) => {
    const seq = animatic({ fps, ntsc: true });
    const text = toFcpxml(seq);
    expect(child(parseXmlStrict(text), "resources").children[0]!.attributes).toMatchObject({ frameDuration, name });
    expectSameTimeline(readFcpxml(text), seq);
  });

  it("leaves the format unnamed when it is not an FCP preset", () => {
    const format = child(parseXmlStrict(toFcpxml(animatic({ width: 1000, height: 1000 }))), "resources").children[0]!;
    expect(format.attributes).toMatchObject({ width: "1000", height: "1000", frameDuration: "100/2400s" });
    expect(format.attributes.name).toBeUndefined();
  });
});

describe("the FCPXML read-back itself", () => {
  it("catches a file an NLE would refuse or misplace", () => {
    const text = toFcpxml(animatic());
    expect(() => parseXmlStrict(text.replace('name="TITLE CARD"', 'name="TITLE & CARD"'))).toThrow();
    expect(() => parseXmlStrict(text.replace("</spine>", ""))).toThrow();
    expect(() => readFcpxml(text.replace('duration="7200/2400s"', 'duration="7250/2400s"'))).toThrow(/frame boundary/);
    expect(() => expectSameTimeline(readFcpxml(text.replace('offset="7200/2400s"', 'offset="7300/2400s"')), animatic())).toThrow();
  });
});
