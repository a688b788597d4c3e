import { afterEach, describe, expect, it, vi } from "vitest";
import { BILLING_MESSAGES } from "../../domain/billing/api";
import { BILLING_CLIENT_MESSAGES, BILLING_TIMEOUT_MS, billingErrorPage } from "../../domain/billing/clientMessages";
import { MESSAGES } from "../../domain/errors";
import { ApiError } from "../api/client";
import { checkoutError, goToCheckout, portalUrl } from "./billingApi";
import { billingRequest, CHECKOUT_PATH } from "./billingClient";

const answerWith = (response: () => Response) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => response()),
  );
const failWith = (err: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Promise.reject(err)),
  );
const goOffline = () => vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
const htmlPage = (status: number) =>
  new Response("<html><body>502 Bad Gateway</body></html>", { status, headers: { "content-type": "text/html; charset=utf-8" } });

/** The ApiError a billing call fails with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("billing client (spec: shell 8 'Billing client')", () => {
  it("passes a normal answer through, sending the body as JSON with the session cookie", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ url: "https://checkout.example/s/1" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(billingRequest("POST", CHECKOUT_PATH, { priceId: "pack_small" })).resolves.toEqual({
      url: "https://checkout.example/s/1",
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(CHECKOUT_PATH);
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", body: JSON.stringify({ priceId: "pack_small" }) });
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
  });

  it("gives every call a 10-second time-out", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ balance: 1 }));
    vi.stubGlobal("fetch", fetchMock);
    await billingRequest("GET", "/api/billing/summary");
    expect(BILLING_TIMEOUT_MS).toBe(10_000);
    expect(timeout).toHaveBeenCalledWith(10_000);
    expect(fetchMock.mock.calls[0]![1]?.signal).toBe(timeout.mock.results[0]!.value);
  });

  it("says the call timed out when the time-out fires", async () => {
    failWith(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    const err = await failure(billingRequest("GET", "/api/billing/summary"));
    expect(err.message).toBe(BILLING_CLIENT_MESSAGES.timedOut);
    expect(err.code).toBe("timeout");
  });

  it("says the call timed out when the answer's body stalls past the time-out", async () => {
    const stalled = {
      ok: true,
      status: 200,
      headers: new Headers({ "content-type": "application/json" }),
      text: () => Promise.reject(new DOMException("timed out", "TimeoutError")),
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => stalled),
    );
    expect((await failure(billingRequest("GET", "/api/billing/summary"))).message).toBe(BILLING_CLIENT_MESSAGES.timedOut);
  });

  it("says there is no network connection when the browser is offline", async () => {
    goOffline();
    failWith(new TypeError("Failed to fetch"));
    const err = await failure(billingRequest("POST", "/api/billing/portal"));
    expect(err.message).toBe("No network connection. Please check your internet connection and try again.");
    expect(err.status).toBe(0);
  });

  it("reports an SSL/TLS failure from the error's message", async () => {
    failWith(new TypeError("SSL handshake failed"));
    expect((await failure(billingRequest("GET", "/api/billing/summary"))).message).toBe(
      "SSL/TLS connection failed - network connectivity issue detected",
    );
  });

  it("reports an SSL/TLS failure from the error's cause (a certificate code)", async () => {
    failWith(new TypeError("fetch failed", { cause: { code: "CERT_HAS_EXPIRED", message: "certificate has expired" } }));
    expect((await failure(billingRequest("GET", "/api/billing/summary"))).code).toBe("tls_failed");
  });

  it("reports any other failure to reach the server as a network failure", async () => {
    failWith(new TypeError("Failed to fetch"));
    const err = await failure(billingRequest("GET", "/api/billing/summary"));
    expect(err.message).toBe("Network connection failed - please check your internet connection");
    expect(err.code).toBe("network");
  });

  it("notes that an HTML error page came back instead of data, with its status", async () => {
    answerWith(() => htmlPage(502));
    const err = await failure(billingRequest("GET", "/api/billing/summary"));
    expect(err.message).toBe(billingErrorPage(502));
    expect(err.message).toContain("502");
    expect(err.status).toBe(502);
  });

  it("reports a 404 on checkout as pay-as-you-go checkout being unavailable, whatever the body", async () => {
    answerWith(() => Response.json({ error: "Not found", code: "not_found" }, { status: 404 }));
    expect((await failure(billingRequest("POST", CHECKOUT_PATH, { priceId: "pack_small" }))).message).toBe(
      BILLING_CLIENT_MESSAGES.checkoutUnavailable,
    );
    answerWith(() => htmlPage(404));
    expect((await failure(billingRequest("POST", CHECKOUT_PATH, { priceId: "pack_small" }))).message).toBe(
      BILLING_CLIENT_MESSAGES.checkoutUnavailable,
    );
  });

  it("keeps a 404 elsewhere as the server's own words", async () => {
    answerWith(() => Response.json({ error: "Checkout session not found", code: "not_found" }, { status: 404 }));
    const err = await failure(billingRequest("GET", "/api/billing/test/checkout/cs_1"));
    expect(err.message).toBe("Checkout session not found");
  });

  it("passes the server's JSON refusals through unchanged", async () => {
    answerWith(() => Response.json({ error: "You are already on the Indie plan.", code: "conflict" }, { status: 409 }));
    const err = await failure(billingRequest("POST", CHECKOUT_PATH, { priceId: "plan_indie_monthly" }));
    expect(err).toMatchObject({ status: 409, code: "conflict", message: "You are already on the Indie plan." });
  });

  it("does not retry a 500", async () => {
    const fetchMock = vi.fn(async () => Response.json({ error: "Internal error", code: "internal" }, { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    expect((await failure(billingRequest("POST", CHECKOUT_PATH, { priceId: "pack_small" }))).message).toBe("Internal error");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("checkout failures", () => {
  it("shows a 404 on checkout as the unavailable message", async () => {
    answerWith(() => new Response("", { status: 404 }));
    expect(checkoutError(await failure(goToCheckout("pack_small")))).toBe(BILLING_CLIENT_MESSAGES.checkoutUnavailable);
  });

  it("shows the offline message when the browser is offline", async () => {
    goOffline();
    failWith(new TypeError("Failed to fetch"));
    expect(checkoutError(await failure(goToCheckout("pack_small")))).toBe(BILLING_CLIENT_MESSAGES.offline);
  });

  it("asks a signed-out buyer to sign in", async () => {
    answerWith(() => Response.json({ error: "Unauthorized", code: "unauthorized" }, { status: 401 }));
    expect(checkoutError(await failure(goToCheckout("pack_small")))).toBe(MESSAGES.notSignedIn);
  });
});

describe("billing portal (spec: shell 8 'Billing portal')", () => {
  it("answers the portal's URL", async () => {
    answerWith(() => Response.json({ url: "https://billing.example/p/1" }));
    await expect(portalUrl()).resolves.toEqual({ url: "https://billing.example/p/1" });
  });

  it("asks a signed-out user to sign in", async () => {
    answerWith(() => Response.json({ error: "Unauthorized", code: "unauthorized" }, { status: 401 }));
    await expect(portalUrl()).resolves.toEqual({ error: "You must be signed in to manage your subscription." });
  });

  it("says the portal could not open when the server refuses", async () => {
    answerWith(() => Response.json({ error: "Internal error", code: "internal" }, { status: 500 }));
    await expect(portalUrl()).resolves.toEqual({ error: "Could not open the customer portal. Please try again." });
  });

  it("keeps the server's words when payments are not set up", async () => {
    answerWith(() => Response.json({ error: BILLING_MESSAGES.notConfigured, code: "not_configured" }, { status: 503 }));
    await expect(portalUrl()).resolves.toEqual({ error: BILLING_MESSAGES.notConfigured });
  });

  it("says an unexpected error occurred when the answer has no URL", async () => {
    answerWith(() => Response.json({}));
    await expect(portalUrl()).resolves.toEqual({ error: "An unexpected error occurred." });
  });

  it("keeps the billing client's network and error-page messages", async () => {
    goOffline();
    failWith(new TypeError("Failed to fetch"));
    await expect(portalUrl()).resolves.toEqual({ error: BILLING_CLIENT_MESSAGES.offline });
    vi.restoreAllMocks();
    answerWith(() => htmlPage(504));
    await expect(portalUrl()).resolves.toEqual({ error: billingErrorPage(504) });
  });
});
