/** Shared by every offline "Local AI" image tool in this folder. */

export interface AiRunOptions {
  /** Aborting rejects the call with `signal.reason` (an AbortError unless the caller gave another). */
  signal: AbortSignal;
  /** Called with a fraction 0..1 that never goes down; the last call is 1 when the tool succeeds. */
  onProgress?(fraction: number): void;
}

/** Input the user must fix; the message names the field ("image", "scale", "background.colour", …). */
export class ToolInputError extends Error {
  override name = "ToolInputError";
}

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
