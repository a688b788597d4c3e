import { expect, test, type Page } from "@playwright/test";
import { canvas, serverCanvas } from "./support/canvas";
import { solidPng } from "./support/png";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

/** A new user's first hour on the canvas, at 1440×900. */
test.use({ viewport: { width: 1440, height: 900 } });

const sidebar = (page: Page) => page.getByTestId("properties-sidebar");
const toolbar = (page: Page) => page.getByTestId("generation-toolbar");
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("the big prompt on a new canvas makes a node and runs it; reruns get fresh seeds shown in Versions (items 1, 3)", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("First Timer"));
  const projectId = await newProject(page, "Lighthouse");
  const c = canvas(page);
  await c.open(projectId);
  const run = toolbar(page).getByTestId("run-node");
  // Nothing typed: Run is disabled and looks it (no accent).
  await expect(run).toBeDisabled();
  const bg = await run.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByLabel("Prompt").first().fill("A lighthouse in a storm at night");
  await expect(run).toBeEnabled();
  // Polled: the button's colour eases in (a CSS transition), so a read right after it enables can still be the old one.
  await expect.poll(() => run.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(bg);
  await page.getByLabel("Prompt").first().press("Enter");
  await expect(c.nodes).toHaveCount(1);
  await expect(page.getByText("Generation completed!").first()).toBeVisible({ timeout: 60_000 });
  await expect(c.image("A lighthouse in a storm at night")).toBeVisible();
  // The node sits inside the visible canvas, clear of the generation toolbar.
  const card = (await c.nodes.first().boundingBox())!;
  const bar = (await toolbar(page).boundingBox())!;
  expect(overlaps(card, bar)).toBe(false);
  await page.screenshot({ path: "test-results/first-hour-prompt.png" });

  const seed = sidebar(page).getByTestId("version-seed");
  await expect(seed).toContainText(/Seed \d+/);
  const first = await seed.textContent();
  await run.click();
  await expect(sidebar(page).getByRole("listitem", { name: "Version 2" })).toBeVisible({ timeout: 60_000 });
  await expect(seed).not.toHaveText(first!);
  const saved = (await serverCanvas(page.request, null, projectId)).nodes[0]!;
  const seeds = (saved.data.versionHistory as { seed?: number }[]).map((v) => v.seed);
  expect(seeds).toHaveLength(2);
  expect(seeds[0]).toBeGreaterThan(0);
  expect(seeds[0]).not.toBe(seeds[1]);
  await seed.getByRole("button", { name: "Lock this seed" }).click();
  await expect(seed).toContainText("locked");
  await page.screenshot({ path: "test-results/first-hour-seed.png" });
});

test("Ctrl+N beside a node lands in free room in view; Fit view and Zoom to selection are in the toolbar (item 2)", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Placer"));
  const projectId = await newProject(page, "Placement");
  const c = canvas(page);
  await c.open(projectId);
  // Focus the canvas with a click on its empty left edge (the middle is under the empty-canvas suggestions).
  await page.locator(".react-flow__pane").click({ position: { x: 40, y: 300 } });
  for (let i = 0; i < 3; i++) await page.keyboard.press("Control+n");
  await expect(c.nodes).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await c.nodes.nth(i).boundingBox())!));
  const pane = (await page.locator(".react-flow").boundingBox())!;
  const bar = (await toolbar(page).boundingBox())!;
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    expect(overlaps(a, bar)).toBe(false);
    expect(a.x >= pane.x && a.y >= pane.y && a.x + a.width <= pane.x + pane.width && a.y + a.height <= pane.y + pane.height).toBe(true);
  }
  await page.screenshot({ path: "test-results/first-hour-placement.png" });
  await expect(page.getByRole("button", { name: "Fit view (Shift+1)" })).toBeVisible();
  await page.getByTestId("zoom-level").click();
  await expect(page.getByRole("menuitem", { name: /Zoom to selection/ })).toBeVisible();
  await page.keyboard.press("Escape");
  const before = await page.getByTestId("zoom-level").textContent();
  await c.nodes.first().getByTestId("node-title").click();
  await page.keyboard.press("Shift+2");
  await expect(page.getByTestId("zoom-level")).not.toHaveText(before!);
});

test("Remove background (people) on a picture with no person fails and keeps it; a new node takes no tool (items 4, 5)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Cutter"));
  const projectId = await newProject(page, "No person");
  const c = canvas(page);
  await c.open(projectId);
  await c.dropFile("sky.png", "image/png", solidPng(96, 64, [90, 140, 210]));
  await expect(c.image("sky")).toBeVisible();
  const before = (await serverCanvas(page.request, null, projectId)).nodes[0]!.data.mediaUrl;
  await c.select("sky");
  await sidebar(page).getByRole("tab", { name: "Tools" }).click();
  await sidebar(page).getByTestId("tool-item").filter({ hasText: "Remove background (people)" }).click();
  await sidebar(page).getByTestId("tool-run").click();
  await expect(page.getByText("Tool execution failed: no person found in this picture").first()).toBeVisible({ timeout: 60_000 });
  const after = (await serverCanvas(page.request, null, projectId)).nodes[0]!.data;
  expect(after).toMatchObject({ status: "completed", mediaUrl: before });
  await expect(c.image("sky")).toBeVisible();
  await page.screenshot({ path: "test-results/first-hour-no-person.png" });

  // The tool is still open in the Tools tab: a new node does not take it.
  await page.locator(".react-flow__pane").click({ position: { x: 40, y: 300 } });
  await page.keyboard.press("Control+n");
  await expect(c.nodes).toHaveCount(2);
  await expect(c.node("Untitled").getByTestId("node-tool-chip")).toHaveCount(0);
  await expect(sidebar(page).getByText(/tools/i).first()).toBeVisible();
});

test("Advanced settings lists a node's inputs and outputs, opens again after closing, and its links go to the node", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Connector"));
  const projectId = await newProject(page, "Links");
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: {
      nodes: ["idea", "art", "push"].map((id, i) => ({ id, position: { x: i * 420, y: 0 } })),
      edgesAdded: [
        { id: "e1", source: "idea", target: "art" },
        { id: "e2", source: "art", target: "push" },
      ],
    },
  });
  const titles: Record<string, string> = { idea: "Idea", art: "Key art", push: "Push in" };
  await page.request.post("/api/workflows/autosave", {
    data: { projectId, updates: Object.entries(titles).map(([id, title]) => ({ nodeId: id, prevRev: 0, nodeData: { title, rev: 1 } })) },
  });
  const c = canvas(page);
  await c.open(projectId);
  await c.select("Key art");
  const advanced = page.getByRole("dialog", { name: "Advanced Settings" });
  await toolbar(page).getByRole("button", { name: "Advanced settings" }).click();
  await expect(advanced).toBeVisible();
  await expect(advanced).toContainText("Idea");
  await expect(advanced).toContainText("Push in");
  await page.keyboard.press("Escape");
  await expect(advanced).toBeHidden();
  // Opened again: the same dialog, still current (a new edge shows in it).
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: { nodes: [{ id: "grade", position: { x: 840, y: 300 } }], edgesAdded: [{ id: "e3", source: "art", target: "grade" }] },
  });
  await expect(c.nodes).toHaveCount(4);
  await toolbar(page).getByRole("button", { name: "Advanced settings" }).click();
  await expect(advanced).toBeVisible();
  await expect(advanced).toContainText("Untitled");
  await page.screenshot({ path: "test-results/advanced-settings.png" });
  // A connected node's name takes you to it: the dialog closes and that node is selected.
  await advanced.getByRole("button", { name: "Idea", exact: true }).click();
  await expect(advanced).toBeHidden();
  await expect(sidebar(page).getByLabel("Title")).toHaveValue("Idea");
});

test("keyboard: Enter on a focused node selects it without running anything; Enter again runs it", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Keys"));
  const projectId = await newProject(page, "Keys");
  await page.request.post(`/api/projects/${projectId}/structure`, { data: { nodes: [{ id: "plate", position: { x: 0, y: 0 } }] } });
  await page.request.post("/api/workflows/autosave", {
    data: {
      projectId,
      updates: [
        {
          nodeId: "plate",
          prevRev: 0,
          nodeData: {
            title: "Plate",
            contentType: "image",
            prompt: "a clean plate of a harbour at dusk",
            selectedModel: "local/sketch",
            aspectRatio: "1:1",
            rev: 1,
          },
        },
      ],
    },
  });
  const c = canvas(page);
  await c.open(projectId);
  // React Flow's node wrapper is what takes keyboard focus.
  const node = page.locator('.react-flow__node[data-id="plate"]');
  await node.focus();
  await page.keyboard.press("Enter");
  await expect(node).toHaveClass(/selected/);
  await expect(sidebar(page).getByLabel("Title")).toHaveValue("Plate");
  // Selecting ran nothing (it used to run the node too, or say to pick a model when it had none). A local
  // sketch takes well under the wait, so a run started by that Enter would have finished.
  await page.waitForTimeout(2500);
  await expect(page.getByText("Please select a model before generating content")).toHaveCount(0);
  await expect(page.getByText("Generation completed!")).toHaveCount(0);
  expect((await serverCanvas(page.request, null, projectId)).nodes[0]!.data.mediaUrl).toBeUndefined();
  // Enter on the selected node runs it.
  await page.keyboard.press("Enter");
  await expect(page.getByText("Generation completed!").first()).toBeVisible({ timeout: 60_000 });
  await expect(c.image("Plate")).toBeVisible();
});
