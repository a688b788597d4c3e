export * from "./sequence";
export * from "./layout";
export * from "./timecode";
export { toOtio } from "./otio";
export { toFcpxml } from "./fcpxml";
export { toEdl } from "./edl";
