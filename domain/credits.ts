/**
 * One credit is a thousandth of the money unit: the spec shows "money × 1000, rounded" as credits
 * (shell 9, canvas 7 model-cost). The ledger stores whole credits so sums are exact.
 */
export const CREDITS_PER_MONEY_UNIT = 1000;

export const moneyToCredits = (money: number): number => Math.round(money * CREDITS_PER_MONEY_UNIT);
export const creditsToMoney = (credits: number): number => credits / CREDITS_PER_MONEY_UNIT;

// Made once: building an Intl.NumberFormat costs far more than formatting (the model picker formats a cost per model).
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const WHOLE = new Intl.NumberFormat("en-US");

/** '$5.00' — the user menu's money format (default '$0.00'). */
export function formatMoney(credits: number | null | undefined): string {
  return USD.format(creditsToMoney(credits ?? 0));
}

/** '5,000 credits' */
export function formatCredits(credits: number | null | undefined): string {
  const n = Math.round(credits ?? 0);
  return `${WHOLE.format(n)} ${n === 1 ? "credit" : "credits"}`;
}

/** What a new account sees before its allowance is granted (item 10). */
export function promisedCreditsMessage(promised: number): string {
  return `${WHOLE.format(promised)} free credits arrive with your first project`;
}
