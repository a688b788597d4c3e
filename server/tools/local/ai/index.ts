/**
 * Offline "Local AI" image tools: each takes image bytes (PNG, JPEG or WebP; EXIF orientation honoured),
 * honours an AbortSignal and reports progress 0..1. Models load once per process on first use, from
 * node_modules or ./models, never from the network. The tfjs work runs on the calling thread (wasm, one
 * thread), blocking it for up to a few hundred milliseconds at a time; OCR runs in its own worker thread.
 */
export { ToolInputError, type AiRunOptions, type CutOutBackground, type FaceBox } from "./types";
export { upscaleImage, MAX_UPSCALED_PIXELS, type UpscaleFactor } from "./upscale";
export { stopUpscaleHelpers } from "./upscaleBands";
export { readText, stopTextReader, MAX_OCR_PIXELS } from "./ocr";
export { cutOutPeople, MAX_CUTOUT_PIXELS } from "./cutout";
export { detectFaces, blurFaces, cropToFace, MAX_FACE_PIXELS } from "./faces";
export { tagObjects, MAX_TAG_PIXELS } from "./objects";
