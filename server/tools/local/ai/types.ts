/** Shared by every offline "Local AI" image tool in this folder. */

/**
 * The same run options and user-fixable error as the media tools (one error class, so a caller tells
 * "fix your input" from "the tool failed" the same way for every offline tool).
 */
export { ToolInputError } from "../media/types";
export type { ToolRunOptions as AiRunOptions } from "../media/types";

/** A face found in an image, in the image's own pixels (after EXIF orientation). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Detector confidence 0..1. */
  score: number;
}

export type CutOutBackground =
  | { kind: "transparent" }
  | { kind: "colour"; colour: string }
  | { kind: "blur"; radius?: number }
  | { kind: "image"; bytes: Buffer };
