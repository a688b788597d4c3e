import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BILLING_CLIENT_MESSAGES } from "../../domain/billing/clientMessages";
import { renderInApp } from "../test/render";
import { toast } from "../ui";
import { UserMenu } from "./UserMenu";
import { fakeStudio, json } from "../test/fakeStudio";

const user = { id: "u1", email: "ann@example.com", name: "Ann" };

/** The studio with the portal answering as the test says. */
function portalStudio(portal: () => Promise<Response>) {
  fakeStudio(({ url }) => (url === "/api/billing/portal" ? portal() : json(url === "/api/credits" ? { balance: 0 } : null)));
}

async function manageSubscription() {
  renderInApp(<UserMenu user={user} compact={false} />);
  fireEvent.keyDown(screen.getByRole("button", { name: "Account menu for Ann" }), { key: "Enter" });
  fireEvent.click(await screen.findByRole("menuitem", { name: "Manage Subscription" }));
}

describe("user menu: Manage Subscription (spec: shell 8 'Billing portal')", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("toasts the sign-in message when the session has ended", async () => {
    const error = vi.spyOn(toast, "error");
    portalStudio(async () => Response.json({ error: "Unauthorized", code: "unauthorized" }, { status: 401 }));
    await manageSubscription();
    await waitFor(() => expect(error).toHaveBeenCalledWith("You must be signed in to manage your subscription."));
  });

  it("toasts that the portal could not open when the server fails", async () => {
    const error = vi.spyOn(toast, "error");
    portalStudio(async () => Response.json({ error: "Internal error", code: "internal" }, { status: 500 }));
    await manageSubscription();
    await waitFor(() => expect(error).toHaveBeenCalledWith("Could not open the customer portal. Please try again."));
  });

  it("toasts the network message when the server cannot be reached", async () => {
    const error = vi.spyOn(toast, "error");
    portalStudio(() => Promise.reject(new TypeError("Failed to fetch")));
    await manageSubscription();
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_CLIENT_MESSAGES.networkFailed));
  });
});
