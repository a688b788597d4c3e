import type { Scene } from "./schema";

/** One row per shot, with its scene's fields first (spec: issue #6 "CSV ... ready for a spreadsheet"). */
export const CSV_HEADER = [
  "Scene",
  "Scene Title",
  "Location",
  "Weather",
  "Lighting",
  "Scene Description",
  "Shot",
  "Description",
  "Subject",
  "Shot Size",
  "Shot Type",
  "Movement",
  "Camera Height",
  "Dutch Angle",
  "Framing",
  "Focus / Depth of Field",
  "Image",
] as const;

/**
 * The rows of the CSV, header first. `imageUrl` turns a stored image path into what the file should carry
 * (the server makes studio paths absolute, so the link works from a spreadsheet).
 */
export function shotListCsvRows(scenes: readonly Scene[], imageUrl: (image: string) => string = (i) => i): string[][] {
  const rows: string[][] = [[...CSV_HEADER]];
  scenes.forEach((scene, i) => {
    for (const shot of scene.shots) {
      rows.push([
        String(i + 1),
        scene.title,
        scene.location,
        scene.weather,
        scene.lighting,
        scene.description,
        String(shot.shotNumber),
        shot.description,
        shot.subject,
        shot.shotSize,
        shot.shotType,
        shot.movement,
        shot.cameraHeight ?? "",
        shot.dutchAngle ?? "",
        shot.framing ?? "",
        shot.focusDepthOfField ?? "",
        shot.image ? imageUrl(shot.image) : "",
      ]);
    }
  });
  return rows;
}

/**
 * A spreadsheet would run a cell starting with = + - @ (or tab / carriage return) as a formula (OWASP
 * "CSV injection"); a leading apostrophe makes it text. Plain numbers such as "-3" are left alone.
 */
function defuse(cell: string): string {
  if (/^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+([.,]\d+)?$/.test(cell)) return `'${cell}`;
  return cell;
}

/** RFC 4180: a field with a comma, quote, CR or LF, or edge spaces, is quoted, and quotes are doubled. */
export function csvField(value: string): string {
  const cell = defuse(value);
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * The CSV text: CRLF line ends, and a UTF-8 byte-order mark first so that Excel reads accents and
 * non-Latin scripts as UTF-8 instead of the system code page.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return "\uFEFF" + rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
