/**
 * Burning a caption into the picture: the text is wrapped to 90 % of the width using the font's real glyph
 * advances (fontkit), sized from the frame height and shrunk until it fits the lower 40 %, and each line is
 * drawn by ffmpeg's drawtext (white, black outline, translucent box) at the bottom for the whole clip.
 * DejaVu Sans Bold is used unless it lacks glyphs the text needs and Noto Sans JP has them (kana, kanji).
 */
import { symlink, writeFile } from "node:fs/promises";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";
import { AAC, EVEN_SIZE, H264, encodeMp4 } from "./encode";
import { probeVideo } from "./probe";
import { withWorkspace, writeInput } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

const FONT_FILES = ["dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf", "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf"];
const MAX_TEXT = 2000;

interface LoadedFont {
  file: string;
  font: fontkit.Font;
}

/** Parsed fonts by position in FONT_FILES, read on first need (null when a fallback's package is missing). */
const fonts = new Map<number, LoadedFont | null>();

function loadFont(index: number): LoadedFont | null {
  if (!fonts.has(index)) {
    let loaded: LoadedFont | null = null;
    try {
      const file = createRequire(import.meta.url).resolve(FONT_FILES[index] as string);
      const parsed = fontkit.create(fs.readFileSync(file));
      if ("hasGlyphForCodePoint" in parsed) loaded = { file, font: parsed };
    } catch {
      if (index === 0) throw new Error("No subtitle font: install dejavu-fonts-ttf");
    }
    fonts.set(index, loaded);
  }
  return fonts.get(index) ?? null;
}

/** The first font with a glyph for every visible character, else the one missing the fewest. */
export function fontFor(text: string): LoadedFont {
  const codePoints = [...text].map((c) => c.codePointAt(0) as number).filter((cp) => cp > 32);
  let best: { font: LoadedFont; missing: number } | undefined;
  for (let i = 0; i < FONT_FILES.length; i++) {
    const font = loadFont(i);
    if (!font) continue;
    const missing = codePoints.filter((cp) => !font.font.hasGlyphForCodePoint(cp)).length;
    if (missing === 0) return font;
    if (!best || missing < best.missing) best = { font, missing };
  }
  return (best as { font: LoadedFont }).font;
}

type Measure = (text: string) => number;

/** Words into lines no wider than `maxWidth`; a word wider than a line (or unspaced CJK) is cut by characters. */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (measure(joined) <= maxWidth) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      for (const char of word) {
        if (line && measure(line + char) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += char;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Font size and lines for a frame: ~1/18 of the height, smaller until the lines fit the lower 40 %. */
export function layoutSubtitle(text: string, width: number, height: number, font: fontkit.Font): { fontSize: number; lines: string[] } {
  const maxWidth = width * 0.9;
  let fontSize = Math.max(12, Math.round(height / 18));
  for (;;) {
    const size = fontSize;
    const measure: Measure = (s) => (font.layout(s).advanceWidth / font.unitsPerEm) * size;
    const lines = wrapText(text, maxWidth, measure);
    const maxLines = Math.max(1, Math.floor((height * 0.4) / (size * 1.3)));
    if (lines.length <= maxLines) return { fontSize: size, lines };
    if (size <= 12) {
      const kept = lines.slice(0, maxLines);
      let last = `${kept[maxLines - 1] ?? ""}…`;
      while (last.length > 1 && measure(last) > maxWidth) last = `${last.slice(0, -2)}…`;
      kept[maxLines - 1] = last;
      return { fontSize: size, lines: kept };
    }
    fontSize = Math.max(12, Math.floor(size * 0.85));
  }
}

export async function burnSubtitles(video: MediaFile, params: { text: string }, options: ToolRunOptions): Promise<MediaFile> {
  if (typeof params.text !== "string") throw new ToolInputError("text must be a string");
  const text = params.text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .trim();
  if (!text) throw new ToolInputError("text must not be empty");
  if (text.length > MAX_TEXT) throw new ToolInputError(`text must be at most ${MAX_TEXT} characters (got ${text.length})`);
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeVideo(dir, input, "video", signal);
    const width = probe.width - (probe.width % 2);
    const height = probe.height - (probe.height % 2);
    const font = fontFor(text);
    const { fontSize, lines } = layoutSubtitle(text, width, height, font.font);
    await symlink(font.file, path.join(dir, "font.ttf"));
    const lineHeight = Math.round(fontSize * 1.3);
    const bottom = height - Math.round(height * 0.06);
    const outline = Math.max(1, Math.round(fontSize / 14));
    const pad = Math.max(2, Math.round(fontSize * 0.2));
    const draws: string[] = [];
    for (const [i, line] of lines.entries()) {
      // text goes through a file with expansion off: nothing in it is parsed as filter syntax or %{…}
      await writeFile(path.join(dir, `line-${i}.txt`), line, "utf8");
      const y = bottom - (lines.length - i) * lineHeight;
      draws.push(
        `drawtext=fontfile=font.ttf:textfile=line-${i}.txt:expansion=none:fontsize=${fontSize}:fontcolor=white:borderw=${outline}:bordercolor=black:box=1:boxcolor=black@0.45:boxborderw=${pad}:x=(w-text_w)/2:y=${y}`,
      );
    }
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      ["-i", input, "-map", "0:v:0", "-map", "0:a:0?", "-vf", [EVEN_SIZE, ...draws].join(","), ...H264, ...AAC],
      { duration: probe.durationSeconds, signal, onProgress },
    );
    onProgress?.(1);
    return result;
  });
}
