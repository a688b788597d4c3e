import type { CatalogItem } from "../../domain/billing/catalog";
import type { ProviderEvent, ProviderName } from "./billingEvents";

export interface BillingUser {
  id: string;
  email: string;
}

/**
 * A payment provider behind one interface: Stripe when STRIPE_SECRET_KEY is set, else the
 * built-in test provider (offline, TEST MODE), unless that is turned off (BILLING_TEST_PROVIDER=off).
 */
export interface BillingProvider {
  name: ProviderName;
  /** Shown as TEST MODE on every billing screen. */
  testMode: boolean;
  /** The provider's customer of the user, created once. */
  customerFor(user: BillingUser): Promise<string>;
  /** A hosted checkout for one catalog item; the user comes back to `successUrl` or `cancelUrl`. */
  checkout(input: {
    user: BillingUser;
    customerId: string;
    item: CatalogItem;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string; sessionId: string }>;
  /** The provider's portal: change plan, cancel at period end, card, invoices. */
  portal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * The receipt page of a purchase's payment (a pack's checkout event carries none), or null when there is
   * none yet; throws when the provider cannot be asked (it is asked again later: billingReceipts.ts).
   */
  receiptUrl(purchase: { id: string; paymentRef: string }): Promise<string | null>;
  /** The event a webhook delivered, verified; throws when its signature is not the provider's. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** `{CHECKOUT_SESSION_ID}` is filled in by the provider (Stripe's placeholder; the test provider's too). */
export const SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
