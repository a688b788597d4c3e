import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../test/render";
import { PromoCarousel, PROMO_INTERVAL_MS } from "./PromoCarousel";
import { Dashboard } from "./Dashboard";

const user = { id: "u1", email: "ann@example.com", name: "Ann" };

describe("promo carousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows three cards in turn, changing every 5 s", () => {
    renderInApp(<PromoCarousel />);
    const title = () => screen.getByTestId("promo-title").textContent;
    const seen = [title()];
    for (let i = 0; i < 3; i++) {
      act(() => vi.advanceTimersByTime(PROMO_INTERVAL_MS - 1));
      expect(title()).toBe(seen[seen.length - 1]);
      act(() => vi.advanceTimersByTime(1));
      seen.push(title());
    }
    expect(new Set(seen.slice(0, 3)).size).toBe(3);
    expect(seen[3]).toBe(seen[0]);
  });
});

describe("dashboard", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows six skeleton cards while projects load", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    renderInApp(<Dashboard user={user} />);
    expect(screen.getAllByTestId("project-skeleton")).toHaveLength(6);
  });

  it("hides the promo carousel when the sidebar is collapsed", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    renderInApp(<Dashboard user={user} />);
    expect(screen.getByTestId("promo-carousel")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Collapse sidebar" }));
    expect(screen.queryByTestId("promo-carousel")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Expand sidebar" }));
    expect(screen.getByTestId("promo-carousel")).toBeTruthy();
  });

  it("disables Create Project while the name is empty", async () => {
    const answers: Record<string, unknown> = { "/api/projects": { projects: [] }, "/api/credits": { balance: 0 } };
    vi.stubGlobal("fetch", vi.fn(async (url: string) => new Response(JSON.stringify(answers[url] ?? null), { status: 200 })));
    renderInApp(<Dashboard user={user} />);
    fireEvent.click(await screen.findByRole("button", { name: "Project" }));
    const submit = screen.getByRole("button", { name: "Create Project" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Project Name"), { target: { value: "   " } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Project Name"), { target: { value: "Film" } });
    expect(submit.disabled).toBe(false);
  });
});
