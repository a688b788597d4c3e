import { z } from "zod";

/** Texts of the billing screens and routes (spec: shell 8 "Billing portal"; the rest is ours). */
export const BILLING_MESSAGES = {
  portalSignedOut: "You must be signed in to manage your subscription.",
  portalFailed: "Could not open the customer portal. Please try again.",
  portalUnexpected: "An unexpected error occurred.",
  unknownPrice: "Unknown price id",
  notConfigured: "Payments are not set up on this server.",
  badSignature: "Webhook signature verification failed",
  sessionGone: "This checkout has already been completed or cancelled.",
  noSubscription: "There is no subscription to change.",
  receiptNotFound: "Receipt not found",
} as const;

export const alreadyOnPlan = (name: string) => `You are already on the ${name}.`;
export const alreadySubscribed = (name: string) => `You already have the ${name}: change plans from Manage Subscription.`;

const priceIdSchema = z.string().min(1, BILLING_MESSAGES.unknownPrice).max(60);

/** POST /api/billing/checkout: what to buy, by the server's own price id; amounts never come from here. */
export const checkoutRequestSchema = z.object({ priceId: priceIdSchema }).strict();

/** The older billing client's calls (spec: shell 7). */
export const legacyCheckoutSchema = z.object({ price_id: priceIdSchema });
export const legacySubscriptionSchema = z.object({
  tier: z.string().min(1).max(40),
  billing_interval: z.enum(["monthly", "yearly"]).default("monthly"),
});
export const useCreditsSchema = z.object({
  credits: z.number().int("credits must be a whole number").positive("credits must be positive").max(10_000_000),
  operation_type: z.string().min(1).max(60),
  description: z.string().max(500).default(""),
  metadata: z.record(z.string(), z.unknown()).default({}),
  session_id: z.string().min(1, "session_id is required").max(200),
});

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The test provider's portal actions. */
export const testPortalActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("renew") }),
  z.object({ action: z.literal("change"), priceId: priceIdSchema }),
]);

export interface BillingSubscription {
  id: string;
  planId: string;
  planName: string;
  interval: "monthly" | "yearly";
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface UsageRow {
  id: string;
  createdAt: string;
  projectId: string;
  projectName: string;
  nodeId: string;
  /** The node's title as it is now; null when the node is gone or the run was not on the canvas. */
  nodeTitle: string | null;
  modelId: string;
  status: string;
  /** Credits kept for the run (0 for own keys and refunded runs). */
  credits: number;
  refunded: boolean;
  ownKey: boolean;
}

export interface PurchaseRow {
  id: string;
  createdAt: string;
  kind: "pack" | "plan";
  description: string;
  amountCents: number;
  credits: number;
  refundedCents: number;
  /** The provider's receipt or invoice page; a pack's can come a little after its credits (null until then). */
  receiptUrl: string | null;
}

/** GET /api/billing/test/receipt/:id: the test provider's receipt of a purchase (TEST MODE). */
export interface TestReceipt {
  id: string;
  kind: "pack" | "plan";
  description: string;
  amountCents: number;
  credits: number;
  refundedCents: number;
  /** The (test) payment the purchase was paid with. */
  paymentRef: string | null;
  createdAt: string;
}

export interface BillingSummary {
  provider: "stripe" | "test" | "none";
  testMode: boolean;
  balance: number;
  subscription: BillingSubscription | null;
  /** Last 30 days, oldest first: credits spent per day, by model or tool. */
  spentPerDay: { day: string; byModel: Record<string, number> }[];
}
