/**
 * The watermark itself, rendered once as an RGBA PNG with its opacity already in the alpha channel, so the
 * picture (sharp composite) and the video (ffmpeg overlay) blend the very same pixels.
 *
 * A text mark is drawn from the font's glyph outlines (fontkit, the subtitle fonts): the SVG handed to sharp
 * holds path numbers only, never the user's text, so no character of it can become markup, an entity or a
 * filter expression. A logo is the connected picture fitted in the same box.
 */
import sharp from "sharp";
import { uprightSize } from "./image";
import { fontFor } from "./subtitles";
import { ToolInputError, type MediaFile } from "./types";

export const MAX_MARK_TEXT = 200;

/** The most room the mark may take, in pixels of the frame. */
export interface MarkBox {
  width: number;
  height: number;
}

export interface Mark {
  /** PNG, RGBA. */
  bytes: Buffer;
  width: number;
  height: number;
}

/** One line: runs of white space (new lines too) become one space. */
export function markText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The text as white glyph outlines over a soft dark shadow (readable on light and dark frames), scaled to
 * fill the box's width unless that would overflow its height. Returns the SVG and its size in pixels.
 */
export function textMarkSvg(text: string, box: MarkBox): { svg: string; width: number; height: number } {
  const { font } = fontFor(text);
  const run = font.layout(text);
  const lineHeight = font.ascent - font.descent;
  if (run.advanceWidth <= 0) throw new ToolInputError("text has nothing that can be drawn");
  const scale = Math.min(box.width / run.advanceWidth, box.height / lineHeight);
  const shadow = Math.max(1, Math.round((lineHeight * scale) / 24));
  const width = Math.max(1, Math.min(box.width, Math.ceil(run.advanceWidth * scale) + shadow));
  const height = Math.max(1, Math.min(box.height, Math.ceil(lineHeight * scale) + shadow));
  let pen = 0;
  const outlines: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const at = run.positions[i]!;
    // font units (y up, baseline at 0) → pixels (y down, baseline at the ascent)
    outlines.push(glyph.path.transform(scale, 0, 0, -scale, (pen + at.xOffset) * scale, (font.ascent - at.yOffset) * scale).toSVG());
    pen += at.xAdvance;
  });
  const d = outlines.join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<path transform="translate(${shadow} ${shadow})" fill="#000" fill-opacity="0.55" d="${d}"/>` +
    `<path fill="#fff" d="${d}"/></svg>`;
  return { svg, width, height };
}

/** Multiplies the alpha of raw RGBA pixels by `opacity` and encodes them as PNG. */
async function withOpacity(rgba: Buffer, width: number, height: number, opacity: number): Promise<Mark> {
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = Math.round((rgba[i] as number) * opacity);
  return {
    bytes: await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
    width,
    height,
  };
}

export async function renderTextMark(text: string, box: MarkBox, opacity: number): Promise<Mark> {
  const { svg, width, height } = textMarkSvg(text, box);
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return withOpacity(data, info.width, info.height, opacity);
}

/** The logo upright, as large as fits the box (keeping its shape and transparency). */
export async function renderLogoMark(logo: MediaFile, box: MarkBox, opacity: number): Promise<Mark> {
  await uprightSize(logo.bytes, "logo");
  const { data, info } = await sharp(logo.bytes)
    .autoOrient()
    .resize(box.width, box.height, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return withOpacity(data, info.width, info.height, opacity);
}
