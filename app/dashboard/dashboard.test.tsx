import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../test/render";
import { PromoCarousel, PROMO_INTERVAL_MS } from "./PromoCarousel";
import { Dashboard } from "./Dashboard";
import type { Project } from "../../domain/projects";

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
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    renderInApp(<Dashboard user={user} />);
    expect(screen.getAllByTestId("project-skeleton")).toHaveLength(6);
  });

  it("hides the promo carousel when the sidebar is collapsed", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    renderInApp(<Dashboard user={user} />);
    expect(screen.getByTestId("promo-carousel")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Collapse sidebar" }));
    expect(screen.queryByTestId("promo-carousel")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Expand sidebar" }));
    expect(screen.getByTestId("promo-carousel")).toBeTruthy();
  });

  it("disables Create Project while the name is empty", async () => {
    const answers: Record<string, unknown> = { "/api/projects": { projects: [] }, "/api/credits": { balance: 0 } };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => new Response(JSON.stringify(answers[url] ?? null), { status: 200 })),
    );
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

const project = (over: Partial<Project> & Pick<Project, "id" | "name">): Project => ({
  description: "",
  thumbnail: null,
  ownerId: "u1",
  ownerName: "Ann",
  permission: "owner",
  preview: null,
  createdAt: "2025-01-01T10:00:00.000Z",
  updatedAt: "2025-01-01T10:00:00.000Z",
  ...over,
});

function serveProjects(projects: Project[]) {
  const answers: Record<string, unknown> = { "/api/projects": { projects }, "/api/credits": { balance: 0 } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => new Response(JSON.stringify(answers[url] ?? null), { status: 200 })),
  );
}

const cardNames = (list: HTMLElement) =>
  within(list)
    .getAllByTestId("project-card")
    .map((c) => c.querySelector("h3")!.textContent);
const showView = (name: string) =>
  fireEvent.click(within(screen.getByRole("complementary", { name: "Studio navigation" })).getByRole("button", { name }));

describe("dashboard: My Projects and Shared with me", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  const listed = [
    project({ id: "p1", name: "Own Short", updatedAt: "2025-03-01T10:00:00.000Z" }),
    project({
      id: "p2",
      name: "Meshes Rough",
      ownerId: "u2",
      ownerName: "Maya Deren",
      permission: "view",
      updatedAt: "2025-02-01T10:00:00.000Z",
    }),
    project({
      id: "p3",
      name: "Meshes Fine",
      ownerId: "u2",
      ownerName: "Maya Deren",
      permission: "edit",
      updatedAt: "2025-04-01T10:00:00.000Z",
    }),
    project({ id: "p4", name: "Own Feature", updatedAt: "2025-01-15T10:00:00.000Z" }),
  ];

  it("lists only the user's own projects under My Projects", async () => {
    serveProjects(listed);
    renderInApp(<Dashboard user={user} />);
    const mine = await screen.findByRole("list", { name: "My projects" });
    expect(cardNames(mine)).toEqual(["Own Short", "Own Feature"]);
    expect(screen.queryByRole("list", { name: "Shared with me" })).toBeNull();
    expect(screen.queryByText(/Meshes/)).toBeNull();
  });

  it("lists the shared projects under Shared with me with their owner's name and the user's permission", async () => {
    serveProjects(listed);
    renderInApp(<Dashboard user={user} />);
    showView("Shared with me");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Shared with me");
    const shared = await screen.findByRole("list", { name: "Shared with me" });
    expect(cardNames(shared)).toEqual(["Meshes Fine", "Meshes Rough"]);
    const [fine, rough] = within(shared).getAllByTestId("project-card");
    expect(within(fine!).getByTestId("project-owner").textContent).toBe("Shared by Maya Deren");
    expect(within(fine!).getByTestId("permission-badge").textContent).toBe("Can edit");
    expect(within(rough!).getByTestId("permission-badge").textContent).toBe("View only");
    // Only an owner may delete a project.
    expect(within(shared).queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(screen.queryByText("Own Short")).toBeNull();
  });

  it("searches Shared with me as it does My Projects", async () => {
    serveProjects(listed);
    renderInApp(<Dashboard user={user} />);
    showView("Shared with me");
    const shared = await screen.findByRole("list", { name: "Shared with me" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search projects" }), { target: { value: "ROUGH" } });
    expect(cardNames(shared)).toEqual(["Meshes Rough"]);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search projects" }), { target: { value: "nothing like it" } });
    expect(screen.getByText('No shared projects match "nothing like it".')).toBeTruthy();
  });

  it("orders Shared with me by the same sort choice as My Projects", async () => {
    localStorage.setItem("reelgraph.projectSort", JSON.stringify({ field: "updated", order: "asc" }));
    serveProjects(listed);
    renderInApp(<Dashboard user={user} />);
    expect(cardNames(await screen.findByRole("list", { name: "My projects" }))).toEqual(["Own Feature", "Own Short"]);
    showView("Shared with me");
    expect(cardNames(screen.getByRole("list", { name: "Shared with me" }))).toEqual(["Meshes Rough", "Meshes Fine"]);
  });

  it("explains how sharing works when nothing is shared with the user", async () => {
    serveProjects([listed[0]!]);
    renderInApp(<Dashboard user={user} />);
    showView("Shared with me");
    expect(await screen.findByText("Nobody has shared a project with you yet")).toBeTruthy();
    expect(screen.getByText(/When someone adds your e-mail \(ann@example.com\) with Share/)).toBeTruthy();
  });

  it("shows project names as text, never as markup", async () => {
    serveProjects([
      project({ id: "p9", name: "<img src=x onerror=alert(1)>", ownerId: "u2", ownerName: "<b>Eve</b>", permission: "view" }),
    ]);
    renderInApp(<Dashboard user={user} />);
    showView("Shared with me");
    const shared = await screen.findByRole("list", { name: "Shared with me" });
    expect(shared.querySelector("img[src=x]")).toBeNull();
    expect(shared.querySelector("b")).toBeNull();
    expect(within(shared).getByTestId("project-owner").textContent).toBe("Shared by <b>Eve</b>");
  });

  it("keeps the chosen view when the dashboard comes back in this tab", async () => {
    serveProjects(listed);
    const first = renderInApp(<Dashboard user={user} />);
    showView("Shared with me");
    first.unmount();
    renderInApp(<Dashboard user={user} />);
    expect(await screen.findByRole("list", { name: "Shared with me" })).toBeTruthy();
  });

  it("turns a waiting remix draft into a project once the signed-in dashboard shows", async () => {
    serveProjects([]);
    localStorage.setItem(
      "remixProject",
      JSON.stringify({ name: "From The Gallery", nodes: [{ id: "n1", position: { x: 0, y: 0 }, data: { prompt: "dawn" } }] }),
    );
    renderInApp(<Dashboard user={user} />);
    const fetchMock = vi.mocked(fetch);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/projects" && init?.method === "POST")).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, i]) => url === "/api/projects" && i?.method === "POST")!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ name: "From The Gallery", nodes: [{ id: "n1", data: { prompt: "dawn" } }] });
    expect(localStorage.getItem("remixProject")).toBeNull();
  });

  it("keeps Studio TV disabled", () => {
    serveProjects(listed);
    renderInApp(<Dashboard user={user} />);
    showView("Studio TV");
    expect(screen.getByText("This functionality has been disabled.")).toBeTruthy();
  });
});
