/**
 * Offline media tools (real processing with ffmpeg, sharp and glTF-Transform; no AI): bytes in, bytes out,
 * cancellable, with progress. Used by the "Tools on nodes" feature.
 */
export { ToolInputError, type MediaFile, type MediaProbe, type ToolRunOptions } from "./types";
export { probeMedia } from "./probe";
export { changeSpeed, loopVideo, trimVideo } from "./videoEdit";
export { reverseVideo } from "./videoReverse";
export { extractFrame } from "./videoFrames";
export { extractAudio, replaceAudio, type AudioFormat, type ExtractAudioOptions } from "./videoAudio";
export { burnSubtitles } from "./subtitles";
export { joinVideos } from "./join";
export { fadeAudio, normalizeLoudness, trimSilence } from "./audio";
export { adjustColour, cropToAspect, ASPECT_RATIOS, type AspectRatio, type ColourAdjustment } from "./image";
export { compressModel, KHRMeshQuantization } from "./model";
export { placeMark, watermarkImage, watermarkVideo, WATERMARK_POSITIONS, type WatermarkOptions, type WatermarkPosition } from "./watermark";
