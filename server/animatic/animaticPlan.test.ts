import { describe, expect, it } from "vitest";
import { animaticInputSchema, buildAnimaticPlan, planTimeline, SCENE_CARD_SECONDS, type AnimaticInput, type Segment } from "./animaticPlan";
import { layoutCardTitle, layoutSmallText } from "./textLayout";

const HOSTILE = `It's 50% "done": C:\\path [x];y,z=%{pts}`;

const still = (id: string, seconds = 2, movement: "static" | "push in" | "pan left" | "tilt up" = "static"): Segment => ({
  id,
  seconds,
  visual: { kind: "still", path: `/media/${id}.png`, movement },
  dialogue: [],
});

function input(segments: Segment[], extra: Partial<AnimaticInput> = {}): AnimaticInput {
  return { width: 1280, height: 720, fps: 24, captions: false, segments, ...extra };
}

const inputsOf = (args: string[]) => args.filter((a) => a === "-i").length;

describe("animatic input schema", () => {
  it("accepts the sizes, rates and visuals of an animatic", () => {
    const ok = input([
      still("a"),
      { id: "b", seconds: 1.5, visual: { kind: "card", title: "Shot 2" }, dialogue: [{ path: "/v.wav", startSeconds: 0.5 }] },
    ]);
    expect(animaticInputSchema.parse(ok)).toEqual(ok);
  });

  it.each([
    ["a small frame", { width: 320, height: 180 }],
    ["another rate", { fps: 60 }],
    ["no segments", { segments: [] }],
    ["a segment under 1.5 s", { segments: [still("a", 1.4)] }],
    ["a segment over 60 s", { segments: [still("a", 61)] }],
    ["an unknown move", { segments: [{ ...still("a"), visual: { kind: "still", path: "/a.png", movement: "whip pan" } }] }],
    ["dialogue after the segment's end", { segments: [{ ...still("a"), dialogue: [{ path: "/v.wav", startSeconds: 2 }] }] }],
  ])("rejects %s", (_, patch) => {
    expect(animaticInputSchema.safeParse({ ...input([still("a")]), ...patch }).success).toBe(false);
  });
});

describe("buildAnimaticPlan", () => {
  it("has one piece per segment, concatenated in order, and one input per still", () => {
    const plan = buildAnimaticPlan(input([still("a"), still("b", 3, "push in"), still("c", 1.5, "pan left"), still("d", 2, "tilt up")]));
    expect(plan.timeline.map((p) => p.segmentId)).toEqual(["a", "b", "c", "d"]);
    expect(plan.graph).toContain("[p0][p1][p2][p3]concat=n=4:v=1:a=0");
    expect(inputsOf(plan.args)).toBe(4);
    expect(plan.links.map((l) => l.source)).toEqual(["/media/a.png", "/media/b.png", "/media/c.png", "/media/d.png"]);
    expect(plan.timeline.map((p) => p.frames)).toEqual([48, 72, 36, 48]);
    expect(plan.durationSeconds).toBe(8.5);
  });

  it("moves stills: static holds, push in zooms 1→1.15, pans and tilts slide a crop over a 1.15× frame", () => {
    const chains = buildAnimaticPlan(
      input([still("a"), still("b", 2, "push in"), still("c", 2, "pan left"), still("d", 2, "tilt up")]),
    ).graph.split(";");
    expect(chains[0]).toMatch(
      /^\[0:v\]scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720.*,setsar=1,format=yuv420p,loop=loop=47:size=1/,
    );
    expect(chains[0]).not.toMatch(/zoompan|crop/);
    expect(chains[1]).toContain("scale=1472:828");
    expect(chains[1]).toContain("zoompan=z='1+0.15*on/47'");
    expect(chains[1]).toContain(":d=48:s=1280x720:fps=24");
    expect(chains[2]).toContain("crop=1280:720:x='(iw-ow)*(1-n/47)':y='(ih-oh)/2'");
    expect(chains[3]).toContain("crop=1280:720:x='(iw-ow)/2':y='(ih-oh)*(1-n/47)'");
    // exactly 48 frames each; no fps filter after zoompan (it drops zoompan's last frame in this ffmpeg)
    for (const chain of chains.slice(0, 4)) expect(chain).toMatch(/,trim=end_frame=48,setpts=PTS-STARTPTS\[p\d\]$/);
    expect(chains[1]).not.toMatch(/,fps=24,/);
  });

  it("reads only the shown part of a video and holds its last frame when it is shorter than the segment", () => {
    const plan = buildAnimaticPlan(
      input([{ id: "v", seconds: 2, visual: { kind: "video", path: "/media/v.mp4", sourceSeconds: 1 }, dialogue: [] }], { fps: 25 }),
    );
    expect(plan.args.slice(0, 4)).toEqual(["-t", "2.000", "-i", "clip-0.mp4"]);
    expect(plan.graph).toContain("[0:v]setpts=PTS-STARTPTS,fps=25,scale=1280:720");
    expect(plan.graph).toContain("tpad=stop_mode=clone:stop_duration=2.000,trim=end_frame=50,setpts=PTS-STARTPTS[p0]");
  });

  it("holds a shot without an image as a titled card, never dropping it (even with no title)", () => {
    const plan = buildAnimaticPlan(
      input([
        still("a"),
        { id: "b", seconds: 1.5, visual: { kind: "card", title: "Mara turns to the sea", subtitle: "no image yet" }, dialogue: [] },
        { id: "c", seconds: 2, visual: { kind: "card", title: "" }, dialogue: [] },
      ]),
    );
    expect(plan.timeline.map((p) => p.kind)).toEqual(["still", "card", "card"]);
    expect(plan.graph).toContain("concat=n=3");
    expect(inputsOf(plan.args)).toBe(1);
    const [, card, blank] = plan.graph.split(";");
    expect(card).toMatch(/^color=c=0x15171c:s=1280x720:r=24,trim=end_frame=36,/);
    expect(card).toContain("textfile=text-0.txt");
    expect(card).toContain("fontcolor=white");
    expect(plan.texts.map((t) => t.text)).toEqual(["Mara turns to the sea", "no image yet"]);
    expect(blank).toMatch(/^color=.*trim=end_frame=48,/);
  });

  it("keeps hostile text and paths out of the graph and the arguments: text goes to files, media to links", () => {
    const plan = buildAnimaticPlan(
      input(
        [
          {
            ...still("a"),
            visual: { kind: "still", path: "/it's 50%/a:b,c;[d].png", movement: "static" },
            caption: HOSTILE,
            sceneCard: { title: HOSTILE },
          },
          {
            id: "b",
            seconds: 2,
            visual: { kind: "card", title: HOSTILE, subtitle: "line\nbreak\ttab" },
            dialogue: [{ path: "http://example.com/x.wav", startSeconds: 0 }],
          },
        ],
        { captions: true },
      ),
    );
    const everything = [...plan.args, plan.graph].join(" ");
    for (const fragment of ["It's", "50%", "C:\\", "%{pts}", "done", "example.com", "a:b"]) expect(everything).not.toContain(fragment);
    expect(plan.graph).not.toMatch(/[:=]text=/); // only textfile=, never text=
    // verbatim, though wrapped into lines: scene card, caption, card title
    expect(plan.texts.map((t) => t.text).join(" ")).toBe(`${HOSTILE} ${HOSTILE} ${HOSTILE} line break tab`);
    expect(plan.texts.map((t) => t.text)).toContain("line break tab");
    expect(plan.links.map((l) => [l.name, l.source])).toEqual([
      ["still-0.png", "/it's 50%/a:b,c;[d].png"],
      ["voice-1.wav", "http://example.com/x.wav"],
    ]);
    expect(plan.graph).toContain("expansion=none");
  });

  it("burns captions in only when asked, on the captioned segment", () => {
    const segments = [{ ...still("a"), caption: "Where were you?" }, still("b")];
    expect(buildAnimaticPlan(input(segments)).graph).not.toContain("drawtext");
    const chains = buildAnimaticPlan(input(segments, { captions: true })).graph.split(";");
    expect(chains[0]).toMatch(/drawtext=.*textfile=text-0\.txt.*box=1.*\[p0\]$/);
    expect(chains[1]).not.toContain("drawtext");
  });

  it("adds 1.5 s for a scene card, before its segment", () => {
    const without = buildAnimaticPlan(input([still("a"), still("b")]));
    const withCard = buildAnimaticPlan(input([still("a"), { ...still("b"), sceneCard: { title: "EXT. QUAY – DAWN" } }]));
    expect(withCard.durationSeconds - without.durationSeconds).toBeCloseTo(SCENE_CARD_SECONDS, 6);
    expect(withCard.timeline.map((p) => `${p.segmentId}:${p.kind}@${p.startSeconds}`)).toEqual([
      "a:still@0",
      "b:scene card@2",
      "b:still@3.5",
    ]);
    expect(withCard.graph).toContain("concat=n=3");
  });

  it("totals the segments to within half a frame, whatever the rounding of each", () => {
    const segments = [1.7, 2.33, 1.51, 59.99, 3.04].map((s, i) => ({
      ...still(`s${i}`, s),
      sceneCard: i % 2 ? { title: "INT." } : undefined,
    }));
    const nominal = segments.reduce((sum, s) => sum + s.seconds + (s.sceneCard ? SCENE_CARD_SECONDS : 0), 0);
    for (const fps of [24, 25, 30] as const) {
      const timeline = planTimeline({ fps, segments });
      const frames = timeline.reduce((sum, p) => sum + p.frames, 0);
      expect(Math.abs(frames / fps - nominal)).toBeLessThanOrEqual(0.5 / fps);
      timeline.forEach(
        (p, i) => i > 0 && expect(p.startSeconds).toBeCloseTo((timeline[i - 1]?.startSeconds ?? 0) + (timeline[i - 1]?.seconds ?? 0), 9),
      );
    }
  });

  it("mixes dialogue at its absolute start over a silent bed of the full length, without normalising it away", () => {
    const plan = buildAnimaticPlan(
      input([
        { ...still("a"), dialogue: [{ path: "/a.wav", startSeconds: 0.5 }] },
        {
          ...still("b"),
          sceneCard: { title: "INT." },
          dialogue: [
            { path: "/b.wav", startSeconds: 0.25 },
            { path: "/c.wav", startSeconds: 1 },
          ],
        },
      ]),
    );
    // a starts 0.5 s in; b starts at 2 + 1.5 (scene card) = 3.5 s
    expect(plan.graph).toContain(
      "[1:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,adelay=24000S|24000S,apad,atrim=end_sample=264000[d0]",
    );
    expect(plan.graph).toContain("adelay=180000S|180000S");
    expect(plan.graph).toContain("adelay=216000S|216000S");
    expect(plan.graph).toContain("anullsrc=r=48000:cl=stereo,atrim=end_sample=264000[bed]");
    expect(plan.graph).toContain("[bed][d0][d1][d2]amix=inputs=4:duration=first,volume=4[aout]");
    const silent = buildAnimaticPlan(input([still("a")]));
    expect(silent.graph).toMatch(/anullsrc=r=48000:cl=stereo,atrim=end_sample=96000\[aout\]$/);
  });

  it("encodes H.264/AAC MP4 for the web, never cutting at the shortest stream", () => {
    const args = buildAnimaticPlan(input([still("a")]), "x.mp4").args.join(" ");
    expect(args).toContain("-map [vout] -map [aout] -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -r 24 -c:a aac -b:a 128k");
    expect(args).toMatch(/-movflags \+faststart -f mp4 x\.mp4$/);
    expect(args).not.toContain("-shortest");
  });
});

describe("text layout", () => {
  it("wraps a long card title in at most 4 lines that fit the frame", () => {
    const { fontSize, lines } = layoutCardTitle(
      "The harbour lights go out one by one while Mara waits on the quay for a boat that never comes back".repeat(2),
      1280,
      720,
    );
    expect(lines.length).toBeLessThanOrEqual(4);
    for (const line of lines) expect(line.length * fontSize * 0.6).toBeLessThanOrEqual(1280 * 0.84 + 1);
  });

  it("cuts a caption to its lines with an ellipsis", () => {
    const { lines } = layoutSmallText("word ".repeat(200), 1280, 720, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]?.endsWith("…")).toBe(true);
  });
});
