import { CREDITS_PER_MONEY_UNIT, moneyToCredits } from "../../domain/credits";

/** Credits are money × 1000 (domain/credits): 1 credit = $0.001. */
export const CREDITS_PER_USD = CREDITS_PER_MONEY_UNIT;
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

export type PlanId = "indie" | "studio" | "production";

export interface Plan {
  id: PlanId;
  name: string;
  /** One line on who it's for. */
  tagline: string;
  /** USD per month, billed monthly. */
  priceMonthly: number;
  /** USD per year, billed yearly (two months free). */
  priceYearly: number;
  /** Credits added each month. */
  monthlyCredits: number;
  features: string[];
  /** Visually emphasised as the recommended plan. */
  highlighted?: boolean;
}

export const PLANS: Plan[] = [
  {
    id: "indie",
    name: "Indie",
    tagline: "For solo writers and directors finding their film.",
    priceMonthly: 12,
    priceYearly: 120,
    monthlyCredits: 15_000,
    features: [
      "Screenplay editor: import .fdx, .docx and .fountain",
      "Export scripts as FDX, Fountain and PDF",
      "Shot lists with PDF and CSV export",
      "Node canvas for AI image and video generation",
      "Preview cheaply, then export at full quality",
      "Bring your own API keys: runs on your keys cost no credits",
    ],
  },
  {
    id: "studio",
    name: "Studio",
    tagline: "For working filmmakers taking a short or pilot through pre-production.",
    priceMonthly: 39,
    priceYearly: 390,
    monthlyCredits: 50_000,
    highlighted: true,
    features: [
      "Everything in Indie",
      "Over 3× the monthly credits of Indie",
      "Top up with credit packs whenever a shoot needs more",
      "Bring your own API keys: runs on your keys cost no credits",
    ],
  },
  {
    id: "production",
    name: "Production",
    tagline: "For productions generating at volume across many scenes.",
    priceMonthly: 99,
    priceYearly: 990,
    monthlyCredits: 140_000,
    features: [
      "Everything in Studio",
      "Lowest cost per credit of any plan",
      "Sized for features, series and commercial work",
      "Bring your own API keys: runs on your keys cost no credits",
    ],
  },
];

/** How many more credits a plan gives than spending the same money on packs at the base rate (e.g. 0.25 = 25%). */
export function planBonusRatio(plan: Plan): number {
  return plan.monthlyCredits / usdToCredits(plan.priceMonthly) - 1;
}

export interface CreditPack {
  id: string;
  /** USD, one-off. */
  priceUsd: number;
  /** Total credits received, bonus included. */
  credits: number;
  /** Part of `credits` that is a bonus over the 1 credit = $0.001 rate. */
  bonusCredits: number;
  label: string;
}

export const CREDIT_PACKS: CreditPack[] = [
  { id: "pack-5", priceUsd: 5, credits: 5_000, bonusCredits: 0, label: "Starter" },
  { id: "pack-20", priceUsd: 20, credits: 20_000, bonusCredits: 0, label: "Standard" },
  { id: "pack-50", priceUsd: 50, credits: 52_500, bonusCredits: 2_500, label: "Bulk" },
];
