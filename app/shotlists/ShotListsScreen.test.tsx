import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Project } from "../../domain/projects";
import type { ShotListSummary } from "../../domain/shotlists/schema";
import { renderInApp } from "../test/render";
import { ShotListsScreen } from "./ShotListsScreen";

vi.setConfig({ testTimeout: 20_000 });

const at = new Date().toISOString();
const project = (permission: Project["permission"] = "owner") => ({ id: "p1", name: "Harbour", permission }) as Project;
const summary = (over: Partial<ShotListSummary>): ShotListSummary => ({
  id: "l1",
  projectId: "p1",
  name: "Opening",
  hasShots: true,
  shotCount: 6,
  sceneCount: 1,
  firstImage: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** A fake studio API for the Shot Lists tab. */
function fakeServer(lists: ShotListSummary[]) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === "/api/projects/p1/shot-lists" && method === "GET") return Response.json({ shotLists: lists });
      if (url === "/api/projects/p1/shot-lists" && method === "POST")
        return Response.json({ error: "boom", code: "internal" }, { status: 500 });
      if (url.startsWith("/api/shot-lists/") && method === "DELETE") {
        lists = lists.filter((l) => !url.endsWith(l.id));
        return Response.json({ success: true });
      }
      return Response.json({ error: "not found", code: "not_found" }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("the Shot Lists tab", () => {
  it("shows the empty state", async () => {
    fakeServer([]);
    renderInApp(<ShotListsScreen project={project()} />);
    expect(await screen.findByText("No shot lists yet")).toBeTruthy();
    expect(screen.getByText("Create your first shot list to plan your shots")).toBeTruthy();
  });

  it("shows cards with the first image or the 'Shot List' placeholder, and whether they have shots", async () => {
    fakeServer([
      summary({ id: "a", name: "With image", firstImage: "/api/media/x" }),
      summary({ id: "b", name: "", hasShots: false, shotCount: 0 }),
    ]);
    renderInApp(<ShotListsScreen project={project()} />);
    const cards = await screen.findAllByTestId("shotlist-card");
    expect(cards[0]!.querySelector("img")?.getAttribute("src")).toBe("/api/media/x");
    expect(cards[0]!.textContent).toContain("Has shots");
    expect(cards[1]!.textContent).toContain("Untitled Shot List");
    expect(cards[1]!.textContent).toContain("Shot List");
    expect(cards[1]!.textContent).toContain("No shots yet");
  });

  it("reopens the list that was open before a reload, and forgets it after Back", async () => {
    const user = userEvent.setup();
    const calls = fakeServer([summary({ id: "a", name: "Opening" })]);
    const first = renderInApp(<ShotListsScreen project={project()} />);
    await user.click(await screen.findByRole("button", { name: "Open Opening" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/shot-lists/a" && c.method === "GET")).toBe(true));
    first.unmount();
    calls.length = 0;
    const second = renderInApp(<ShotListsScreen project={project()} />);
    // The editor asks for list 'a' again straight away (the fake answers 'not found', so its error screen shows).
    await waitFor(() => expect(calls.some((c) => c.url === "/api/shot-lists/a" && c.method === "GET")).toBe(true));
    await user.click(await screen.findByRole("button", { name: /Back/ }));
    second.unmount();
    renderInApp(<ShotListsScreen project={project()} />);
    expect(await screen.findByRole("button", { name: "Open Opening" })).toBeTruthy();
  });

  it("deletes a list after confirmation", async () => {
    const user = userEvent.setup();
    const calls = fakeServer([summary({ id: "a", name: "Opening" })]);
    renderInApp(<ShotListsScreen project={project()} />);
    await user.click(await screen.findByRole("button", { name: "Delete Opening" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Shot List" });
    expect(dialog.textContent).toContain('Are you sure you want to delete "Opening"?');
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryAllByTestId("shotlist-card")).toHaveLength(0));
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/shot-lists/a")).toBe(true);
  });

  it("a view-only member cannot create or delete", async () => {
    fakeServer([summary({})]);
    renderInApp(<ShotListsScreen project={project("view")} />);
    await screen.findAllByTestId("shotlist-card");
    expect(screen.queryByRole("button", { name: "New Shot List" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Opening" })).toBeNull();
  });
});

describe("the setup screen", () => {
  async function toSetup(user: ReturnType<typeof userEvent.setup>) {
    const calls = fakeServer([]);
    renderInApp(<ShotListsScreen project={project()} />);
    await user.click((await screen.findAllByRole("button", { name: "New Shot List" }))[0]!);
    expect((screen.getByLabelText("Shot list name") as HTMLInputElement).value).toBe("Shot list 1");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Create New Shot List" });
    return calls;
  }

  it("starts at 6 shots; the stepper stays within 1..100 and presets set the count", async () => {
    const user = userEvent.setup();
    await toSetup(user);
    const count = screen.getByLabelText("Number of shots") as HTMLInputElement;
    expect(count.value).toBe("6");
    expect(screen.getByRole("button", { name: "6 shots" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "24 shots" }));
    expect(count.value).toBe("24");
    await user.click(screen.getByRole("button", { name: "More shots" }));
    expect(count.value).toBe("25");
    fireEvent.change(count, { target: { value: "250" } });
    fireEvent.blur(count);
    expect(count.value).toBe("100");
    expect((screen.getByRole("button", { name: "More shots" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says what is missing with the spec's alerts, and 'Failed to create shot list' when the server fails", async () => {
    const user = userEvent.setup();
    const calls = await toSetup(user);
    await user.clear(screen.getByLabelText("Shot list name"));
    await user.click(screen.getByRole("button", { name: "Create Shot List" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a name for your shot list");
    await user.type(screen.getByLabelText("Shot list name"), "Opening");
    fireEvent.change(screen.getByLabelText("Number of shots"), { target: { value: "0" } });
    await user.click(screen.getByRole("button", { name: "Create Shot List" }));
    expect(screen.getByRole("alert").textContent).toBe("Please select at least 1 shot");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Number of shots"), { target: { value: "12" } });
    await user.click(screen.getByRole("button", { name: "Create Shot List" }));
    await waitFor(() => expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Opening", shots: 12 }));
    expect(await screen.findByText("Failed to create shot list. Please try again.")).toBeTruthy();
  });
});
