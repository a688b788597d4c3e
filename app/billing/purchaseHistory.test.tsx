import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BillingSummary, PurchaseRow, TestReceipt } from "../../domain/billing/api";
import { renderInApp } from "../test/render";
import { BillingPage } from "./BillingPage";
import { TestReceiptPage } from "./TestReceiptPage";
import { fakeStudio, json } from "../test/fakeStudio";

const user = { id: "u1", email: "ann@example.com", name: "Ann" };

const purchase = (overrides: Partial<PurchaseRow>): PurchaseRow => ({
  id: "cs_test_1",
  createdAt: "2025-03-01T12:00:00.000Z",
  kind: "pack",
  description: "Starter credit pack",
  amountCents: 500,
  credits: 5_000,
  refundedCents: 0,
  receiptUrl: null,
  ...overrides,
});

/** The studio server as the Billing page sees it over HTTP: a user with some purchases and one test receipt. */
function billingStudio({ history = [] as PurchaseRow[], receipts = {} as Record<string, TestReceipt> } = {}) {
  const summary: BillingSummary = { provider: "stripe", testMode: false, balance: 5_000, subscription: null, spentPerDay: [] };
  fakeStudio(({ path }) => {
    if (path === "/api/auth/get-session") return json({ user });
    if (path === "/api/credits") return json({ balance: 5_000 });
    if (path === "/api/billing/summary") return json(summary);
    if (path === "/api/billing/usage") return json({ usage: [], hasMore: false });
    if (path === "/api/billing/history") return json({ history });
    const receiptId = path.match(/^\/api\/billing\/test\/receipt\/(.+)$/)?.[1];
    if (receiptId) {
      const receipt = receipts[decodeURIComponent(receiptId)];
      return receipt ? json(receipt) : json({ error: "Receipt not found", code: "not_found" }, 404);
    }
    return json({ error: "not found", code: "not_found" }, 404);
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the Billing page's purchase history", () => {
  it("links a pack's and an invoice's receipt in a new tab, and shows none for a pack whose receipt has not come yet", async () => {
    billingStudio({
      history: [
        purchase({ id: "cs_paid", description: "Standard credit pack", receiptUrl: "https://pay.stripe.com/receipts/payment/abc" }),
        purchase({
          id: "in_1",
          kind: "plan",
          description: "Indie plan",
          amountCents: 1200,
          receiptUrl: "https://invoice.stripe.com/i/acct_1/in_1",
        }),
        purchase({ id: "cs_pending", description: "Starter credit pack", receiptUrl: null }),
      ],
    });
    renderInApp(<BillingPage />, { route: "/billing" });
    const rows = await screen.findAllByTestId("purchase-row");
    expect(rows).toHaveLength(3);

    const packReceipt = within(rows[0]!).getByRole("link", { name: /^Receipt for Standard credit pack/ });
    expect(packReceipt.getAttribute("href")).toBe("https://pay.stripe.com/receipts/payment/abc");
    expect(packReceipt.getAttribute("target")).toBe("_blank");
    expect(packReceipt.getAttribute("rel")?.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
    expect(
      within(rows[1]!)
        .getByRole("link", { name: /^Receipt for Indie plan/ })
        .getAttribute("href"),
    ).toBe("https://invoice.stripe.com/i/acct_1/in_1");
    expect(within(rows[2]!).queryByRole("link")).toBeNull();
  });

  it("keeps the receipt of a refunded pack next to what was refunded", async () => {
    billingStudio({ history: [purchase({ refundedCents: 250, receiptUrl: "/billing/test/receipt/cs_test_1" })] });
    renderInApp(<BillingPage />, { route: "/billing" });
    const [row] = await screen.findAllByTestId("purchase-row");
    expect(row!.textContent).toContain("Refunded $2.50");
    expect(
      within(row!)
        .getByRole("link", { name: /^Receipt for Starter credit pack/ })
        .getAttribute("href"),
    ).toBe("/billing/test/receipt/cs_test_1");
  });
});

describe("the test provider's receipt page (TEST MODE)", () => {
  const renderReceipt = (id: string) =>
    renderInApp(
      <Routes>
        <Route path="/billing/test/receipt/:id" element={<TestReceiptPage />} />
      </Routes>,
      { route: `/billing/test/receipt/${id}` },
    );

  it("shows what was bought, for how much, marked as test mode", async () => {
    billingStudio({
      receipts: {
        cs_test_9: {
          id: "cs_test_9",
          kind: "pack",
          description: "Standard credit pack",
          amountCents: 2000,
          credits: 20_000,
          refundedCents: 0,
          paymentRef: "pi_test_9",
          createdAt: "2025-03-01T12:00:00.000Z",
        },
      },
    });
    renderReceipt("cs_test_9");
    await screen.findByText("Standard credit pack");
    expect(screen.getByTestId("receipt-amount").textContent).toBe("$20.00");
    expect(screen.getByText("20,000").tagName).toBe("DD");
    expect(screen.getByText("pi_test_9").tagName).toBe("DD");
    expect(screen.getAllByText("Test mode")).toHaveLength(1);
  });

  it("says so when the receipt is not the user's or does not exist", async () => {
    billingStudio();
    renderReceipt("cs_someone_else");
    expect((await screen.findByRole("alert")).textContent).toBe("Receipt not found");
  });
});
