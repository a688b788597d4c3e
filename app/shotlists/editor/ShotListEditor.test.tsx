import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blankScenes } from "../../../domain/shotlists/factories";
import { addScene } from "../../../domain/shotlists/edits";
import type { Scene } from "../../../domain/shotlists/schema";
import type { LoadedShotList } from "../../api/shotLists";
import { renderInApp } from "../../test/render";
import { toast } from "../../ui";
import { ShotListEditor } from "./ShotListEditor";

function shotList(over: Partial<LoadedShotList> = {}): LoadedShotList {
  const at = new Date().toISOString();
  return {
    id: "l1",
    projectId: "p1",
    name: "Harbour",
    scriptId: null,
    scenes: addScene(blankScenes(3, 0), 0, "scene-b"),
    version: 1,
    createdBy: "u1",
    createdAt: at,
    updatedAt: at,
    permission: "owner",
    ...over,
  };
}

/** A fake studio API for one list: GET and PUT /api/shot-lists/l1 (PUTs can be made to fail). */
function fakeServer(initial: LoadedShotList) {
  const server = { list: initial, puts: [] as Array<{ name?: string; scenes: Scene[] }>, failNext: 0 };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (url === "/api/shot-lists/l1" && method === "GET") return Response.json(server.list);
      if (url === "/api/model-cost?modelId=local%2Fsketch") return Response.json({ success: true, cost: 0.002, credits: 2 });
      if (url === "/api/shot-lists/l1" && method === "PUT") {
        if (server.failNext > 0) {
          server.failNext--;
          return Response.json({ error: "boom", code: "internal" }, { status: 500 });
        }
        const { baseVersion, ...body } = JSON.parse(String(init!.body));
        if (baseVersion !== undefined && baseVersion !== server.list.version) {
          return Response.json({ error: "This shot list was changed in another window", code: "conflict" }, { status: 409 });
        }
        server.puts.push(body);
        server.list = { ...server.list, ...body, version: server.list.version + 1 };
        return Response.json(server.list);
      }
      return Response.json({ error: "not found", code: "not_found" }, { status: 404 });
    }),
  );
  return server;
}

async function open(list = shotList()) {
  const server = fakeServer(list);
  renderInApp(<ShotListEditor listId="l1" onBack={() => {}} />);
  await screen.findByTestId("shotlist-editor");
  return server;
}

const shotCards = () => screen.getAllByTestId("shot-card");
const shotIdsByScene = () =>
  screen.getAllByTestId("scene-panel").map((p) =>
    within(p)
      .queryAllByTestId("shot-card")
      .map((c) => c.dataset.shotId),
  );
const lastPut = (server: { puts: Array<{ name?: string; scenes: Scene[] }> }) => server.puts.at(-1)!;

// Each test renders a whole editor (cards with seven drop-downs each) in jsdom, on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("in-place editing", () => {
  it("click to edit, Enter commits, and the change is saved after a quiet second", async () => {
    const user = userEvent.setup();
    const server = await open();
    expect(screen.getByTestId("shotlist-summary").textContent).toBe("3 shots across 2 scenes");
    await user.click(screen.getByRole("button", { name: /^Shot 1 description: Description\.\.\./ }));
    const field = screen.getByRole("textbox", { name: "Shot 1 description" });
    await user.clear(field);
    await user.type(field, "Gulls over the pier{Enter}");
    expect(screen.queryByRole("textbox", { name: "Shot 1 description" })).toBeNull();
    expect(screen.getByRole("button", { name: /^Shot 1 description: Gulls over the pier/ })).toBeTruthy();
    expect(server.puts).toHaveLength(0); // not before the quiet period
    await waitFor(() => expect(server.puts).toHaveLength(1), { timeout: 2500 });
    expect(lastPut(server).scenes[0]!.shots[0]!.description).toBe("Gulls over the pier");
    expect(screen.getByTestId("shotlist-save-status").textContent).toBe("Saved");
  });

  it("Escape cancels and blur commits", async () => {
    const user = userEvent.setup();
    await open();
    const scene = within(screen.getAllByTestId("scene-panel")[0]!);
    await user.click(scene.getByRole("button", { name: /^Location: Location\.\.\./ }));
    await user.type(scene.getByRole("textbox", { name: "Location" }), " Pier{Escape}");
    expect(scene.getByRole("button", { name: /^Location: Location\.\.\. / })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /^Shot 2 subject/ }));
    await user.clear(screen.getByRole("textbox", { name: "Shot 2 subject" }));
    await user.type(screen.getByRole("textbox", { name: "Shot 2 subject" }), "Maya");
    await user.click(screen.getByTestId("shotlist-summary")); // focus leaves the field
    expect(screen.getByRole("button", { name: /^Shot 2 subject: Maya/ })).toBeTruthy();
  });

  it("a failed save says 'Failed to save changes', keeps the edit and sends it with the next change", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, "error");
    const server = await open();
    server.failNext = 1;
    await user.click(screen.getByRole("button", { name: /^Shot 1 subject/ }));
    await user.type(screen.getByRole("textbox", { name: "Shot 1 subject" }), "{Control>}a{/Control}Anna{Enter}");
    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to save changes", expect.anything()), { timeout: 2500 });
    expect(screen.getByTestId("shotlist-save-status").textContent).toBe("Save Failed");
    expect(screen.getByRole("button", { name: /^Shot 1 subject: Anna/ })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /^Shot 2 subject/ }));
    await user.type(screen.getByRole("textbox", { name: "Shot 2 subject" }), "{Control>}a{/Control}Ben{Enter}");
    await waitFor(() => expect(server.puts).toHaveLength(1), { timeout: 2500 });
    expect(lastPut(server).scenes[0]!.shots.map((s) => s.subject)).toEqual(["Anna", "Ben", "Subject..."]);
  });

  it("when another window saved first, merges its changes with this one's and saves both", async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(toast, "info");
    const server = await open();
    // Another window renames the list and writes shot 3's subject.
    const theirs = structuredClone(server.list.scenes);
    theirs[0]!.shots[2]!.subject = "Lighthouse keeper";
    server.list = { ...server.list, name: "Harbour at night", scenes: theirs, version: server.list.version + 1 };
    await user.click(screen.getByRole("button", { name: /^Shot 1 subject/ }));
    await user.type(screen.getByRole("textbox", { name: "Shot 1 subject" }), "{Control>}a{/Control}Anna{Enter}");
    await waitFor(() => expect(server.puts).toHaveLength(1), { timeout: 2500 });
    expect(info).toHaveBeenCalledWith("Merged changes made in another window", expect.anything());
    expect(lastPut(server).name).toBe("Harbour at night");
    expect(lastPut(server).scenes[0]!.shots.map((s) => s.subject)).toEqual(["Anna", "Subject...", "Lighthouse keeper"]);
    await waitFor(() => expect(screen.getByRole("button", { name: /^Shot 3 subject: Lighthouse keeper/ })).toBeTruthy());
    expect(screen.getByRole("button", { name: /^Shot 1 subject: Anna/ })).toBeTruthy();
    expect(screen.getByTestId("shotlist-save-status").textContent).toBe("Saved");
  });

  it("a view-only member sees the list but cannot edit or reorder it", async () => {
    await open(shotList({ permission: "view" }));
    expect((screen.getByRole("button", { name: /^Shot 1 description/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /^Reorder/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add Scene" })).toBeNull();
    expect(screen.getByText("View only")).toBeTruthy();
  });
});

describe("reordering", () => {
  it("Alt+ArrowDown moves a shot down, across into the next scene, renumbers and announces it", async () => {
    const server = await open();
    const [a, b, c] = shotIdsByScene()[0]!;
    const handle = screen.getByRole("button", { name: /^Reorder Shot 1/ });
    handle.focus();
    fireEvent.keyDown(handle, { key: "ArrowDown", altKey: true });
    expect(shotIdsByScene()).toEqual([[b, a, c], []]);
    expect(screen.getByTestId("reorder-announcement").textContent).toBe("Moved to Shot 2 in Scene 1");
    fireEvent.keyDown(screen.getByRole("button", { name: /^Reorder Shot 2/ }), { key: "ArrowDown", altKey: true });
    fireEvent.keyDown(screen.getByRole("button", { name: /^Reorder Shot 3/ }), { key: "ArrowDown", altKey: true });
    expect(shotIdsByScene()).toEqual([[b, c], [a]]);
    expect(screen.getByTestId("reorder-announcement").textContent).toBe("Moved to Shot 3 in Scene 2");
    expect(shotCards().map((c) => within(c).getByTestId("shot-number").textContent)).toEqual(["Shot 1", "Shot 2", "Shot 3"]);
    await waitFor(() => expect(server.puts.length).toBeGreaterThan(0), { timeout: 2500 });
    expect(lastPut(server).scenes.map((s) => s.shots.map((x) => [x.id, x.shotNumber]))).toEqual([
      [
        [b, 1],
        [c, 2],
      ],
      [[a, 3]],
    ]);
  });

  it("drag and drop puts a shot in another's place, and into an empty scene", async () => {
    await open();
    const [a, b, c] = shotIdsByScene()[0]!;
    // jsdom has no DataTransfer; this is the part of it the editor uses.
    const types: string[] = [];
    const dataTransfer = { types, setData: (t: string) => types.push(t), setDragImage: () => {}, effectAllowed: "", dropEffect: "" };
    const drag = (from: HTMLElement, to: HTMLElement) => {
      fireEvent.dragStart(from, { dataTransfer });
      fireEvent.dragOver(to, { dataTransfer });
      fireEvent.drop(to, { dataTransfer });
      fireEvent.dragEnd(from, { dataTransfer });
    };
    drag(screen.getByRole("button", { name: /^Reorder Shot 1/ }), shotCards()[2]!);
    expect(shotIdsByScene()).toEqual([[b, c, a], []]);
    drag(screen.getByRole("button", { name: /^Reorder Shot 2/ }), screen.getAllByTestId("scene-shots")[1]!);
    expect(shotIdsByScene()).toEqual([[b, a], [c]]);
    expect(screen.getAllByTestId("scene-shot-count").map((e) => e.textContent)).toEqual(["2 shots", "1 shot"]);
  });

  it("ignores drags that are not shots (a file dragged in from the desktop)", async () => {
    await open();
    const before = shotIdsByScene();
    const dataTransfer = { types: ["Files"], setData: () => {}, setDragImage: () => {}, effectAllowed: "", dropEffect: "" };
    fireEvent.dragOver(shotCards()[0]!, { dataTransfer });
    fireEvent.drop(shotCards()[0]!, { dataTransfer });
    expect(shotIdsByScene()).toEqual(before);
  });
});

describe("shots", () => {
  it("adds a shot, and deletes one after the 'Delete Shot #N' confirmation, renumbering", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(within(screen.getAllByTestId("scene-panel")[1]!).getByRole("button", { name: "Add First Shot" }));
    expect(screen.getByTestId("shotlist-summary").textContent).toBe("4 shots across 2 scenes");
    await user.click(screen.getByRole("button", { name: "Delete Shot 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Shot #2" });
    expect(dialog.textContent).toContain("Are you sure you want to delete this shot? This action cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(shotCards().map((c) => within(c).getByTestId("shot-number").textContent)).toEqual(["Shot 1", "Shot 2", "Shot 3"]);
  });

  it("exporting a shot without an image to the canvas says what is missing", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, "error");
    await open();
    await user.click(screen.getByRole("button", { name: "Export Shot 1 to canvas" }));
    expect(error).toHaveBeenCalledWith("Please upload or generate an image for this shot before exporting to canvas");
  });

  it("generating needs a description", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, "error");
    await open();
    await user.click(await screen.findByRole("button", { name: "Generate image for Shot 1 (2 credits)" }));
    expect(error).toHaveBeenCalledWith("Please add a description to generate an image");
  });
});
