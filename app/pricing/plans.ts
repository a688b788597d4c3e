import { CREDITS_PER_MONEY_UNIT, moneyToCredits } from "../../domain/credits";
export { CREDIT_PACKS, PLANS, planBonusRatio, type CreditPack, type Plan, type PlanId } from "../../domain/billing/catalog";

export const usdToCredits = moneyToCredits;

/** '15,000' — a credit count without its unit, for prices and plan cards. */
export function formatCredits(credits: number): string {
  return credits.toLocaleString("en-US");
}

export function formatUsd(usd: number): string {
  return usd.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(usd) ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
