import { describe, expect, it } from "vitest";
import { parseFountain } from "../screenplay/fountain";
import { counterIds } from "../screenplay/fixtures";
import { breakdownReport } from "./report";
import { breakdownReportCsv } from "./reportCsv";
import { KITCHEN_AND_STREET } from "./testScenes";

const report = () => breakdownReport(parseFountain(KITCHEN_AND_STREET, { newId: counterIds() }).elements);

describe("breakdown report", () => {
  it("gives per scene its characters, speaking parts, location, int/ext, day/night and props", () => {
    const { scenes } = report();
    expect(scenes.map((s) => [s.number, s.setting, s.location, s.dayNight])).toEqual([
      ["1", "EXT", "HARBOR ROAD", "Night"],
      ["2", "INT", "MAYA'S KITCHEN", "Night"],
      ["3", "INT", "MAYA'S KITCHEN", "LATER"],
    ]);
    expect(scenes[1]).toMatchObject({ characters: ["DANIEL", "MAYA"], speakingParts: ["DANIEL", "MAYA"], props: ["ENVELOPE", "REVOLVER"] });
    expect(scenes[0]).toMatchObject({ characters: [], props: ["PICKUP TRUCK"] });
    expect(scenes.every((s) => s.eighths >= 1)).toBe(true);
  });

  it("gives per character the scenes they are in and how much they say", () => {
    const { characters } = report();
    expect(characters).toEqual([
      { name: "MAYA", scenes: ["2", "3"], speeches: 4, words: 14 },
      { name: "DANIEL", scenes: ["2"], speeches: 3, words: 10 },
    ]);
  });

  it("exports each table as CSV", () => {
    const r = report();
    const scenes = breakdownReportCsv(r, "scenes")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(scenes[0]).toBe("Scene,Heading,Pages (eighths),Eighths,Int/Ext,Location,Day/Night,Characters,Speaking Parts,Props");
    expect(scenes[2]).toMatch(
      /^2,INT\. MAYA'S KITCHEN - NIGHT,[0-9 /]+,\d+,INT,MAYA'S KITCHEN,Night,"DANIEL, MAYA","DANIEL, MAYA","ENVELOPE, REVOLVER"$/,
    );
    const characters = breakdownReportCsv(r, "characters")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(characters[1]).toBe("MAYA,2 3,2,4,14");
  });
});
