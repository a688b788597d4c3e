import { expect, test, type Page } from "@playwright/test";
import { canvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

const frames = (page: Page) => page.getByTestId("group-frame");
const groupsOnServer = async (page: Page, projectId: string) =>
  (
    (await (await page.request.get(`/api/projects/nodes?projectId=${projectId}`)).json()) as {
      groups: { name: string; nodeIds: string[]; collapsed: boolean }[];
    }
  ).groups;

/**
 * Groups: three nodes become a group (Ctrl+G), which is renamed, collapsed to one card (its inputs
 * and outputs) and expanded, run through the cost dialog, undone step by step, and found again after a reload.
 */
test("group three nodes, rename, collapse and expand, run the group, undo, reload", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpInBrowser(page, newAccount("Grouper"));
  const projectId = await newProject(page, "Groups");
  const ids = ["idea", "art", "notes", "caption", "final"];
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: {
      nodes: ids.map((id, i) => ({ id, position: { x: [0, 420, 420, 840, 1300][i], y: [0, 0, 380, 380, 0][i] } })),
      edgesAdded: [
        { id: "e1", source: "idea", target: "art" },
        { id: "e2", source: "art", target: "final" },
      ],
    },
  });
  const data: Record<string, Record<string, unknown>> = {
    idea: { title: "Idea", contentType: "text", content: "a lighthouse on a cliff at dawn" },
    art: { title: "Key art", contentType: "image", prompt: "wide shot", selectedModel: "local/sketch", aspectRatio: "1:1" },
    notes: { title: "Notes", contentType: "text", content: "warm light" },
    caption: { title: "Caption", contentType: "text", content: "First light" },
    final: { title: "Final", contentType: "text", content: "" },
  };
  const saved = await page.request.post("/api/workflows/autosave", {
    data: { projectId, updates: ids.map((id) => ({ nodeId: id, prevRev: 0, nodeData: { ...data[id], rev: 1 } })) },
  });
  expect(saved.ok()).toBe(true);

  const c = canvas(page);
  await c.open(projectId);
  // The whole canvas in view, below the canvas tools.
  await page.locator(".react-flow__pane").click({ position: { x: 700, y: 500 } });
  await page.keyboard.press("Shift+Digit1");
  await page.getByRole("button", { name: "Zoom out" }).click();
  await c.select("Key art");
  await page.keyboard.down("Control");
  await c.node("Notes").getByTestId("node-title").click();
  await c.node("Caption").getByTestId("node-title").click();
  await page.keyboard.up("Control");
  await page.keyboard.press("Control+g");
  await expect(frames(page)).toHaveCount(1);
  await expect(page.getByTestId("group-name")).toHaveText("Group 1");
  await page.screenshot({ path: "test-results/groups-frame.png" });

  // Dragging the frame by its title bar moves its nodes (and not the others). Measured once the view has
  // stopped moving (the zoom-out eases, and a loaded machine draws it late).
  const titleBar = page.getByTestId("group-title-bar");
  await expect
    .poll(async () => {
      const first = JSON.stringify(await titleBar.boundingBox());
      await page.waitForTimeout(300);
      return first === JSON.stringify(await titleBar.boundingBox());
    })
    .toBe(true);
  const before = (await c.node("Notes").boundingBox())!;
  const finalBefore = (await c.node("Final").boundingBox())!;
  const bar = (await titleBar.boundingBox())!;
  await page.mouse.move(bar.x + 60, bar.y + bar.height / 2);
  await page.mouse.down();
  await page.mouse.move(bar.x + 110, bar.y + bar.height / 2 + 40, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await c.node("Notes").boundingBox())!.x - before.x)).toBe(50);
  expect((await c.node("Notes").boundingBox())!.y - before.y).toBeCloseTo(40, 0);
  expect((await c.node("Final").boundingBox())!.x).toBe(finalBefore.x);

  // Rename by double-clicking the title.
  await page.getByTestId("group-name").dblclick();
  await page.getByTestId("group-name-input").fill("Opening");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("group-name")).toHaveText("Opening");

  // Collapse: one card, its inputs and outputs; the members are hidden. Expand brings them back.
  await frames(page).getByTestId("group-collapse").click();
  const card = page.getByTestId("group-card");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("group-name")).toHaveText("Opening");
  await expect(card.getByTestId("group-card-inputs")).toContainText("Idea");
  await expect(card.getByTestId("group-card-outputs")).toContainText("Final");
  await expect(c.node("Key art")).toBeHidden();
  await page.screenshot({ path: "test-results/groups-collapsed.png" });
  await card.getByTestId("group-collapse").click();
  await expect(card).toHaveCount(0);
  await expect(c.node("Key art")).toBeVisible();
  await expect(frames(page)).toHaveCount(1);

  // Run the group: the Run graph dialog, scope "selected" on its nodes, shows the cost first.
  await frames(page).getByTestId("group-run").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Run group “Opening”");
  await expect(page.getByTestId("plan-run").getByRole("listitem")).toHaveText([/Key art/]);
  expect(Number((await page.getByTestId("plan-credits").innerText()).replace(/\D/g, ""))).toBeGreaterThan(0);
  await page.screenshot({ path: "test-results/groups-run-dialog.png" });
  await page.getByTestId("confirm-graph-run").click();
  await expect(page.getByText("Run finished: 1 node done")).toBeVisible({ timeout: 90_000 });

  // Undo, step by step: expand, collapse, rename, then the group itself (its nodes stay).
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 500 } });
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("group-card")).toBeVisible();
  await page.keyboard.press("Control+z");
  await expect(frames(page).getByTestId("group-name")).toHaveText("Opening");
  await page.keyboard.press("Control+z");
  await expect(frames(page).getByTestId("group-name")).toHaveText("Group 1");
  await page.keyboard.press("Control+z");
  await expect(frames(page)).toHaveCount(0);
  await expect(c.nodes).toHaveCount(5);
  await expect.poll(() => groupsOnServer(page, projectId)).toEqual([]);

  // Redo brings it back; it is saved, and a reload shows it.
  await page.keyboard.press("Control+Shift+z");
  await expect(frames(page)).toHaveCount(1);
  await expect
    .poll(async () => (await groupsOnServer(page, projectId)).map((g) => [g.name, [...g.nodeIds].sort()]))
    .toEqual([["Group 1", ["art", "caption", "notes"]]]);
  await page.reload();
  await expect(page.getByTestId("canvas-mode")).toBeVisible();
  await expect(frames(page).getByTestId("group-name")).toHaveText("Group 1");
  await page.screenshot({ path: "test-results/groups-after-reload.png" });
});
