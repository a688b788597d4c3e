export * from "./breakDown";
export * from "./merge";
export * from "./scriptLink";
export * from "./report";
export * from "./reportCsv";
export * from "./eighths";
export * from "./sceneSplit";
export type { ProposedShot } from "./shotRules";
