import { describe, expect, it } from "vitest";
import { CSV_HEADER, csvField, shotListCsvRows, toCsv } from "./csv";
import { newScene, newShot } from "./factories";

/** A small RFC 4180 reader, to prove what toCsv writes reads back to the same cells. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  return rows;
}

describe("CSV export", () => {
  const scene = { ...newScene(1, 0, "a"), title: "Harbour, dawn", location: "Pier 9", lighting: 'Low "golden" sun' };
  const shots = [
    { ...newShot(1, 0, "s1"), description: "Gulls\nover the water", cameraHeight: "Low Angle" as const, image: "/api/media/x" },
    { ...newShot(2, 0, "s2"), description: '=HYPERLINK("http://evil")', subject: "Ærø ☕ 日本" },
  ];
  const rows = shotListCsvRows([{ ...scene, shots }, newScene(2, 0, "b")], (i) => `http://studio${i}`);

  it("has one row per shot with its scene's fields first", () => {
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 8)).toEqual([
      "1",
      "Harbour, dawn",
      "Pier 9",
      "Weather...",
      'Low "golden" sun',
      "Scene description...",
      "1",
      "Gulls\nover the water",
    ]);
    expect(rows[1]![CSV_HEADER.indexOf("Camera Height")]).toBe("Low Angle");
    expect(rows[1]![CSV_HEADER.indexOf("Image")]).toBe("http://studio/api/media/x");
    expect(rows[2]![CSV_HEADER.indexOf("Image")]).toBe("");
  });

  it("starts with a UTF-8 BOM, ends lines with CRLF and reads back cell for cell", () => {
    const text = toCsv(rows);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const back = readCsv(text.slice(1));
    expect(back[1]).toEqual(rows[1]);
    expect(back[2]![CSV_HEADER.indexOf("Subject")]).toBe("Ærø ☕ 日本");
  });

  it("quotes commas, quotes, line breaks and edge spaces; doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(" padded")).toBe('" padded"');
  });

  it("keeps a spreadsheet from running a cell as a formula, but leaves numbers alone", () => {
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+cmd")).toBe("'+cmd");
    expect(csvField("-3")).toBe("-3");
    expect(readCsv(toCsv(rows).slice(1))[2]![CSV_HEADER.indexOf("Description")]).toBe('\'=HYPERLINK("http://evil")');
  });
});
