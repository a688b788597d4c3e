import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toFcpxml } from "../fcpxml";
import type { TimelineSequence } from "../sequence";
import { animatic, longAnimatic } from "./sequences";

/**
 * `npm run check:fcpxml -- path/to/FCPXMLv1_10.dtd` (or FCPXML_DTD=path): every kind of FCPXML export,
 * validated against Apple's FCPXML 1.10 DTD with `xmllint --dtdvalid`, as Final Cut Pro validates an import.
 * The DTD is Apple's (a copy lives at CommandPost/CommandPost, src/extensions/cp/apple/fcpxml/dtd/) and is
 * not kept in this repository, so without a DTD path (or without xmllint, Debian's libxml2-utils) the check
 * says why and skips. A path that is given but missing is an error. The unit tests check the same structure
 * against an excerpt of the DTD (testing/fixtures/fcpxml110Dtd.ts).
 */

function exportsToCheck(): Array<[string, TimelineSequence]> {
  const hostile = animatic({ name: `A & B <"quoted"> 'single' ]]> \u0001 line\nbreak · “curly” – é` });
  hostile.clips[0]!.name = hostile.name;
  const sharedFile = animatic();
  sharedFile.audio[0]!.media.path = "media/shot-002.mp4";
  return [
    ["the sample animatic at 24 fps", animatic()],
    ["the sample animatic at 25 fps", animatic({ fps: 25 })],
    ["the sample animatic at 23.976 fps", animatic({ fps: 24, ntsc: true })],
    ["the sample animatic at 29.97 fps", animatic({ fps: 30, ntsc: true })],
    ["a 20-shot animatic at 24 fps", longAnimatic(20, 24)],
    ["a 20-shot animatic at 25 fps", longAnimatic(20, 25)],
    ["a 20-shot animatic at 30 fps", longAnimatic(20, 30)],
    ["hostile names", hostile],
    ["a size that is no FCP preset", animatic({ width: 1000, height: 1000 })],
    ["a video file that is also dialogue", sharedFile],
    ["no dialogue", animatic({ audio: [] })],
    ["only video files", animatic({ clips: animatic().clips.filter((c) => c.media.kind === "video") })],
  ];
}

const dtd = process.argv[2] ?? process.env.FCPXML_DTD;
if (!dtd) {
  console.log("skipped: no DTD given (npm run check:fcpxml -- path/to/FCPXMLv1_10.dtd, or FCPXML_DTD=path)");
  process.exit(0);
}
if (!existsSync(dtd)) {
  console.error(`No DTD at ${dtd}`);
  process.exit(1);
}
if (spawnSync("xmllint", ["--version"]).error) {
  console.log("skipped: xmllint is not installed (Debian: apt-get install libxml2-utils)");
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), "reelgraph-fcpxml-"));
let failed = 0;
try {
  for (const [label, seq] of exportsToCheck()) {
    const file = join(dir, "timeline.fcpxml");
    writeFileSync(file, toFcpxml(seq));
    const run = spawnSync("xmllint", ["--noout", "--dtdvalid", dtd, file], { encoding: "utf8" });
    if (run.status === 0) console.log(`ok: ${label}: valid against ${dtd}`);
    else {
      failed++;
      console.error(`FAIL: ${label}:\n${run.stderr}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
