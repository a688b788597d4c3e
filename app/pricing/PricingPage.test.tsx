import { fireEvent, screen, waitFor } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BILLING_CLIENT_MESSAGES, billingErrorPage } from "../../domain/billing/clientMessages";
import { sessionKey } from "../api/session";
import { renderInApp } from "../test/render";
import { toast } from "../ui";
import { PricingPage } from "./PricingPage";
import { fakeStudio, json } from "../test/fakeStudio";

/** The studio's answers, with checkout answering as the test says. */
function checkoutStudio(checkout: () => Promise<Response>) {
  fakeStudio(({ url }) => {
    if (url === "/api/billing/config") return json({ provider: "test", testMode: true });
    if (url === "/api/billing/checkout") return checkout();
    return json(null);
  });
}

async function buyStarterPack() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { id: "u1", email: "ann@example.com", name: "Ann" });
  renderInApp(<PricingPage />, { client });
  const button = (await screen.findByRole("button", { name: "Buy $5 pack" })) as HTMLButtonElement;
  // Enabled once the config says purchasing is set up.
  await screen.findByText(/built-in test provider/);
  expect(button.disabled).toBe(false);
  fireEvent.click(button);
}

describe("pricing: checkout failures are toasts (spec: shell 8 'Billing client')", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says there is no network connection when the browser is offline", async () => {
    const error = vi.spyOn(toast, "error");
    vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    checkoutStudio(() => Promise.reject(new TypeError("Failed to fetch")));
    await buyStarterPack();
    await waitFor(() => expect(error).toHaveBeenCalledWith("No network connection. Please check your internet connection and try again."));
  });

  it("reports a 404 on checkout as pay-as-you-go checkout being unavailable", async () => {
    const error = vi.spyOn(toast, "error");
    checkoutStudio(async () => json({ error: "Not found", code: "not_found" }, 404));
    await buyStarterPack();
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_CLIENT_MESSAGES.checkoutUnavailable));
  });

  it("notes a proxy's HTML error page", async () => {
    const error = vi.spyOn(toast, "error");
    checkoutStudio(async () => new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }));
    await buyStarterPack();
    await waitFor(() => expect(error).toHaveBeenCalledWith(billingErrorPage(502)));
  });

  it("shows the server's refusal in its own words and frees the button", async () => {
    const error = vi.spyOn(toast, "error");
    checkoutStudio(async () => json({ error: "Payments are not set up on this server.", code: "not_configured" }, 503));
    await buyStarterPack();
    await waitFor(() => expect(error).toHaveBeenCalledWith("Payments are not set up on this server."));
    await waitFor(() => expect((screen.getByRole("button", { name: "Buy $5 pack" }) as HTMLButtonElement).disabled).toBe(false));
  });
});
