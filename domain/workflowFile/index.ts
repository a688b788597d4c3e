export * from "./format";
export * from "./nodeData";
export * from "./compatibility";
export * from "./remap";
export * from "./api";
