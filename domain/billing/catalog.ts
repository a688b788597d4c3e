import { moneyToCredits } from "../credits";

/**
 * What can be bought, and for how much: the server's own table. Checkout amounts and granted credits are
 * read from here by price id, never from a request.
 */
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
  return plan.monthlyCredits / moneyToCredits(plan.priceMonthly) - 1;
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

export type BillingInterval = "monthly" | "yearly";

/** A price id names one thing to buy: `plan:studio:yearly`, `pack:pack-20`. */
export type PriceId = `plan:${PlanId}:${BillingInterval}` | `pack:${string}`;

export const planPriceId = (plan: PlanId, interval: BillingInterval): PriceId => `plan:${plan}:${interval}`;
export const packPriceId = (packId: string): PriceId => `pack:${packId}`;

export type CatalogItem =
  | { kind: "plan"; priceId: PriceId; plan: Plan; interval: BillingInterval; amountCents: number; name: string; credits: number }
  | { kind: "pack"; priceId: PriceId; pack: CreditPack; amountCents: number; name: string; credits: number };

/** The catalog item a price id names, or null (an unknown price id is refused). */
export function catalogItem(priceId: string): CatalogItem | null {
  const [kind, id, interval] = priceId.split(":");
  if (kind === "plan" && (interval === "monthly" || interval === "yearly")) {
    const plan = PLANS.find((p) => p.id === id);
    if (!plan) return null;
    const price = interval === "monthly" ? plan.priceMonthly : plan.priceYearly;
    return {
      kind: "plan",
      priceId: planPriceId(plan.id, interval),
      plan,
      interval,
      amountCents: Math.round(price * 100),
      name: `${plan.name} plan (${interval})`,
      credits: planGrant(plan, interval),
    };
  }
  if (kind === "pack" && interval === undefined) {
    const pack = CREDIT_PACKS.find((p) => p.id === id);
    if (!pack) return null;
    return {
      kind: "pack",
      priceId: packPriceId(pack.id),
      pack,
      amountCents: Math.round(pack.priceUsd * 100),
      name: `${pack.label} credit pack`,
      credits: pack.credits,
    };
  }
  return null;
}

/** Credits a paid plan invoice grants: a month's worth, twelve for a yearly invoice. */
export const planGrant = (plan: Plan, interval: BillingInterval): number => plan.monthlyCredits * (interval === "yearly" ? 12 : 1);

export const planById = (id: string): Plan | undefined => PLANS.find((p) => p.id === id);
