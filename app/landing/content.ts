import { CREDIT_PACKS, PLANS } from "../pricing/plans";

/** Shared landing-page links and the prices quoted in its copy. */
export const GET_STARTED = "/login?access-code=studio";

export const LOWEST_PLAN_USD = Math.min(...PLANS.map((p) => p.priceMonthly));
export const LOWEST_PACK_USD = Math.min(...CREDIT_PACKS.map((p) => p.priceUsd));
