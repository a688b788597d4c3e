/** The rule-based planner: `planOffline(input)` answers a request with a plan, offline (planOffline.ts). */
export { intentOf, planOffline } from "./planOffline";
export { CAPABILITIES, EXAMPLES } from "./replies";
