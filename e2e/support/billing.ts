import type { Page } from "@playwright/test";

/** Pricing, the test provider's checkout and portal, the account menu's credits, and the Billing page, as a small page object. */
export function billing(page: Page) {
  const purchases = page.getByTestId("purchase-row");
  return {
    /** The top bar's credit balance, as a number. */
    balance: async () => Number((await page.getByRole("button", { name: "Credits and plans" }).innerText()).replace(/\D/g, "")),
    balanceButton: page.getByRole("button", { name: "Credits and plans" }),
    creditsLine: page.getByTestId("credits-line"),
    notice: page.getByTestId("payment-notice"),
    async openUserMenu() {
      await page.getByRole("button", { name: /^Account menu for / }).click();
    },
    /** An entry of the account menu (opened first). */
    async fromUserMenu(item: "Manage Subscription" | "Billing & Plans") {
      await this.openUserMenu();
      await page.getByRole("menuitem", { name: item }).click();
    },
    /** The pricing page's button for a pack or plan ('Buy $5 pack', 'Choose Indie'). */
    async choose(button: string) {
      await page.goto("/pricing");
      await page.getByRole("button", { name: button }).click();
    },
    /** The test checkout's pay button ('Pay $5.00 (test)'). */
    async pay(amount: string) {
      await page.getByRole("button", { name: `Pay ${amount} (test)` }).click();
    },
    async cancelCheckout() {
      await page.getByRole("button", { name: "Cancel and return to the studio" }).click();
    },
    async cancelPlanInPortal() {
      await page.getByRole("button", { name: "Cancel plan" }).click();
    },
    portalRenewal: page.getByTestId("portal-renewal"),
    plan: page.getByTestId("billing-plan"),
    pageBalance: page.getByTestId("billing-balance"),
    purchases,
    purchase: (description: string) => purchases.filter({ hasText: description }),
    /** The purchase's receipt link (it opens a new tab). */
    receiptLink: (description: string) =>
      purchases.filter({ hasText: description }).getByRole("link", { name: new RegExp(`^Receipt for ${description}`) }),
    usage: page.getByTestId("usage-row"),
    spendingChart: page.getByRole("img", { name: /Credits spent per day over the last 30 days/ }),
  };
}
