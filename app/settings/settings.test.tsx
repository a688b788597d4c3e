import { KEYED_PROVIDERS } from "../../domain/providers/registry";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ProviderKeyStatus } from "../../domain/generation/api";
import { UserMenu } from "../dashboard/UserMenu";
import { renderInApp } from "../test/render";
import { toast } from "../ui";
import { keyStatusText } from "./keyStatusText";
import { SettingsPage } from "./SettingsPage";
import { fakeStudio, json } from "../test/fakeStudio";

const user = { id: "u1", email: "ann@example.com", name: "Ann" };

/**
 * The studio server as the page sees it over HTTP: the keys API with a platform OpenAI key, an own fal key,
 * and the server's refusal of internal addresses.
 */
function keysStudio({ signedIn = true } = {}) {
  const statuses = new Map<string, ProviderKeyStatus>(
    KEYED_PROVIDERS.map((provider) => [provider, { provider, source: null, hint: null, updatedAt: null }]),
  );
  statuses.set("openai", { provider: "openai", source: "platform", hint: null, updatedAt: null });
  statuses.set("fal", { provider: "fal", source: "user", hint: "abcd", updatedAt: "2025-01-01T00:00:00.000Z" });
  const platform = new Set(["openai"]);

  return fakeStudio(({ method, url, body }) => {
    if (url === "/api/auth/get-session") return json(signedIn ? { user } : null);
    if (url === "/api/credits") return json({ balance: 0 });
    if (url === "/api/settings/keys") return json({ keys: [...statuses.values()] });
    const provider = url.match(/^\/api\/settings\/keys\/(\w+)$/)?.[1];
    if (provider && method === "PUT") {
      const key = String((body as { key: string }).key);
      if (key.includes("127.0.0.1")) {
        return json(
          {
            error: "This address points to a private or internal network, which the studio does not connect to for users.",
            code: "bad_request",
          },
          400,
        );
      }
      const status: ProviderKeyStatus = {
        provider: provider as "fal",
        source: "user",
        hint: key.slice(-4),
        updatedAt: new Date().toISOString(),
      };
      statuses.set(provider, status);
      return json(status);
    }
    if (provider && method === "DELETE") {
      const status: ProviderKeyStatus = {
        provider: provider as "fal",
        source: platform.has(provider) ? "platform" : null,
        hint: null,
        updatedAt: null,
      };
      statuses.set(provider, status);
      return json(status);
    }
    return json({ error: "not found", code: "not_found" }, 404);
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

const row = (provider: string) => screen.getByTestId(`provider-row-${provider}`);
const statusOf = (provider: string) => screen.getByTestId(`provider-status-${provider}`).textContent;

describe("settings page: provider keys", () => {
  beforeEach(() => {
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "error");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists every provider with its status and help", async () => {
    keysStudio();
    renderInApp(<SettingsPage />, { route: "/settings" });
    expect(await screen.findByRole("heading", { name: "Provider keys" })).toBeTruthy();
    await screen.findByTestId("provider-row-fal");
    for (const provider of KEYED_PROVIDERS) expect(row(provider)).toBeTruthy();
    expect(statusOf("fal")).toBe("Using your key ••••abcd");
    expect(statusOf("openai")).toBe("Platform key");
    expect(statusOf("runway")).toBe("No key — models locked");
    expect(statusOf("comfyui")).toBe("No server — models locked");
    expect(within(row("fal")).getByRole("heading", { name: "fal.ai" })).toBeTruthy();
    expect(within(row("replicate")).getByText(/cost no credits/)).toBeTruthy();
    expect(
      within(row("openai"))
        .getByRole("link", { name: /platform\.openai\.com\/api-keys/ })
        .getAttribute("href"),
    ).toBe("https://platform.openai.com/api-keys");
  });

  it("goes back to the canvas it was opened from (a locked model's link), else to the projects", async () => {
    keysStudio();
    const { unmount } = renderInApp(<SettingsPage />, { route: { pathname: "/settings", state: { back: "/?project=p1" } } });
    expect((await screen.findByRole("link", { name: "Back to studio" })).getAttribute("href")).toBe("/?project=p1");
    unmount();
    renderInApp(<SettingsPage />, { route: { pathname: "/settings", state: { back: "//evil.example" } } });
    expect((await screen.findByRole("link", { name: "Back to studio" })).getAttribute("href")).toBe("/");
  });

  it("takes keys in password fields and server addresses in URL fields", async () => {
    keysStudio();
    renderInApp(<SettingsPage />, { route: "/settings" });
    expect((await screen.findByLabelText("OpenAI API key")).getAttribute("type")).toBe("password");
    expect(screen.getByLabelText("ComfyUI (self-hosted) server address").getAttribute("type")).toBe("url");
    expect(screen.getByLabelText("Ollama / OpenAI-compatible server address").getAttribute("type")).toBe("url");
  });

  it("saves a key with Enter: sends it once, clears the field, shows only its last four characters", async () => {
    const { calls } = keysStudio();
    renderInApp(<SettingsPage />, { route: "/settings" });
    const input = (await screen.findByLabelText("Runway API key")) as HTMLInputElement;
    const save = within(row("runway")).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "  rw-secret-9f8e  " } });
    expect(save.disabled).toBe(false);
    fireEvent.submit(input.form!);
    await waitFor(() => expect(statusOf("runway")).toBe("Using your key ••••9f8e"));
    expect(calls.filter((c) => c.method === "PUT")).toEqual([
      { method: "PUT", url: "/api/settings/keys/runway", body: { key: "rw-secret-9f8e" } },
    ]);
    expect(input.value).toBe("");
    expect(toast.success).toHaveBeenCalledWith("Saved your Runway key");
    expect(document.body.textContent).not.toContain("rw-secret-9f8e");
  });

  it("shows the server's refusal of an internal address, inline and as a toast, and keeps what was typed", async () => {
    keysStudio();
    renderInApp(<SettingsPage />, { route: "/settings" });
    const input = (await screen.findByLabelText("ComfyUI (self-hosted) server address")) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "http://127.0.0.1:8188" } });
    fireEvent.click(within(row("comfyui")).getByRole("button", { name: "Save" }));
    const alert = await within(row("comfyui")).findByRole("alert");
    expect(alert.textContent).toMatch(/private or internal network/);
    expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/private or internal network/));
    expect(statusOf("comfyui")).toBe("No server — models locked");
    expect(input.value).toBe("http://127.0.0.1:8188");
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("does not send a blank key", async () => {
    const { calls } = keysStudio();
    renderInApp(<SettingsPage />, { route: "/settings" });
    const input = (await screen.findByLabelText("fal.ai API key")) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input.form!);
    expect(await within(row("fal")).findByRole("alert")).toHaveProperty("textContent", "Enter a key");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("removes my own key and falls back to the platform's or to locked", async () => {
    const { calls } = keysStudio();
    renderInApp(<SettingsPage />, { route: "/settings" });
    await screen.findByTestId("provider-row-fal");
    expect(within(row("openai")).queryByRole("button", { name: /Remove/ })).toBeNull();
    fireEvent.click(within(row("fal")).getByRole("button", { name: "Remove your fal.ai key" }));
    await waitFor(() => expect(statusOf("fal")).toBe("No key — models locked"));
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/settings/keys/fal")).toBe(true);
    expect(toast.success).toHaveBeenCalledWith(
      "Removed your fal.ai key",
      expect.objectContaining({ description: expect.stringMatching(/locked/) }),
    );
    expect(within(row("fal")).queryByRole("button", { name: /Remove/ })).toBeNull();
  });

  it("sends a signed-out visitor through sign-in and back", async () => {
    keysStudio({ signedIn: false });
    renderInApp(
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/login" element={<Where />} />
      </Routes>,
      { route: "/settings" },
    );
    expect((await screen.findByTestId("location")).textContent).toBe("/login?next=%2Fsettings");
  });
});

describe("user menu", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("has a Settings entry that opens /settings", async () => {
    keysStudio();
    renderInApp(
      <Routes>
        <Route path="/" element={<UserMenu user={user} compact={false} />} />
        <Route path="/settings" element={<Where />} />
      </Routes>,
    );
    const trigger = screen.getByRole("button", { name: "Account menu for Ann" });
    fireEvent.keyDown(trigger, { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Settings" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/settings");
  });
});

describe("key status text", () => {
  it("names whose key runs the models", () => {
    const base = { provider: "fal" as const, hint: null, updatedAt: null };
    expect(keyStatusText({ ...base, source: "user", hint: "wxyz" }, false)).toEqual({ text: "Using your key ••••wxyz", tone: "own" });
    expect(keyStatusText({ ...base, source: "user", hint: "8188" }, true).text).toBe("Using your server ••••8188");
    expect(keyStatusText({ ...base, source: "platform" }, false).text).toBe("Platform key");
    expect(keyStatusText({ ...base, source: null }, false)).toEqual({ text: "No key — models locked", tone: "locked" });
  });
});
