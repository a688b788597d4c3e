import { expect, test } from "@playwright/test";
import { cardSize } from "../domain/canvas/nodeSize";
import { solidPng } from "./support/png";
import { canvas, serverCanvas } from "./support/canvas";
import { apiCall, newAccount, newProject, signInInBrowser, signUpByApi, signUpInBrowser } from "./support/studio";

test("build a canvas: quick start, double-click, connect, rename, delete, undo/redo, copy/paste, reload", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Editor"));
  const projectId = await newProject(page, "Storyboard");
  const c = canvas(page);
  await c.open(projectId);

  await expect(page.getByText("Double-click anywhere to create a new Node, or start with...")).toBeVisible();
  await page.getByRole("button", { name: "Combine ideas" }).click();
  await expect(c.nodes).toHaveCount(3);
  await expect(c.edges).toHaveCount(2);
  // Writing into the ideas feeds the combined node's context strip.
  await c.node("Idea 1").getByLabel("Node text").fill("A lighthouse keeper");
  await c.node("Idea 2").getByLabel("Node text").fill("A storm at sea");
  await expect(c.node("Combined").getByTestId("context-strip")).toContainText("2 contexts");
  await expect(c.node("Combined").getByTestId("context-strip")).toContainText("A lighthouse keeper");

  // The view at 60% has no free room for a card there: the node goes to the nearest free place and the view
  // pans to it. Fit view (Shift+1) brings every node back on screen (the canvas mounts only what is on screen).
  await c.doubleClickAt(700, 100);
  await expect(c.node("Untitled")).toBeInViewport();
  await page.keyboard.press("Shift+Digit1");
  await expect(c.nodes).toHaveCount(4);

  await c.rename("Untitled", "Opening shot");
  await expect(page.getByText("Node renamed")).toBeVisible();
  await c.connect("Combined", "Opening shot");
  await expect(c.edges).toHaveCount(3);

  // Delete, undo brings it back with its edge, redo deletes again.
  await c.select("Opening shot");
  await page.keyboard.press("Delete");
  await expect(c.nodes).toHaveCount(3);
  await expect(c.edges).toHaveCount(2);
  await page.keyboard.press("Control+z");
  await expect(c.nodes).toHaveCount(4);
  await expect(c.edges).toHaveCount(3);
  await page.keyboard.press("Control+Shift+z");
  await expect(c.nodes).toHaveCount(3);
  await page.keyboard.press("Control+z");
  await expect(c.node("Opening shot")).toHaveCount(1);

  // Copy and paste an idea node: the copy lands in free room on screen, on no other card.
  await c.select("Idea 1");
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect(c.nodes).toHaveCount(5);

  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  const before = await serverCanvas(page.request, null, projectId);
  expect(before.nodes).toHaveLength(5);
  expect(before.edges).toHaveLength(3);
  const idea = before.nodes.filter((n) => n.data.title === "Idea 1");
  expect(idea).toHaveLength(2);
  const rect = (n: (typeof before.nodes)[number]) => ({ ...n.position, ...cardSize(n.data) });
  const copy = rect(idea[1]!);
  for (const other of before.nodes.filter((n) => n !== idea[1]).map(rect)) {
    const overlaps =
      copy.x < other.x + other.width && other.x < copy.x + copy.width && copy.y < other.y + other.height && other.y < copy.y + copy.height;
    expect(overlaps, `the copy at ${copy.x},${copy.y} lies on a card at ${other.x},${other.y}`).toBe(false);
  }

  await page.reload();
  await expect(c.nodes).toHaveCount(5);
  await expect(c.edges).toHaveCount(3);
  expect((await c.titles()).sort()).toEqual(["Combined", "Idea 1", "Idea 1", "Idea 2", "Opening shot"]);
});

test("drop a PNG onto the canvas: a new node shows the image", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Dropper"));
  const projectId = await newProject(page, "Drops");
  const c = canvas(page);
  await c.open(projectId);
  const png = solidPng(64, 36, [245, 165, 36]);
  await c.dropFile("sunset.png", "image/png", png);
  await expect(page.getByText("Media uploaded to node successfully!")).toBeVisible();
  const img = c.image("sunset");
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(64);
  // Read back once the node's write has landed (it is saved a moment after the image shows).
  await expect.poll(async () => (await serverCanvas(page.request, null, projectId)).nodes[0]?.data.aspectRatio).toBe("16:9");
  const saved = await serverCanvas(page.request, null, projectId);
  expect(saved.nodes[0]!.data.mediaUrl).toMatch(/^\/api\/media\//);

  // The upload is an asset of the project: it shows in the Assets tab and downloads as a PNG.
  await page.keyboard.press("Alt+3");
  await expect(page.getByTestId("asset-card")).toHaveCount(1);
  await page.getByRole("button", { name: "video", exact: true }).click();
  await expect(page.getByTestId("asset-card")).toHaveCount(0);
  await page.getByRole("button", { name: "all", exact: true }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download sunset" }).click();
  // Named after the project and the node.
  expect((await download).suggestedFilename()).toBe("Drops – sunset.png");
});

test("a second browser sees the first one's edits live", async ({ page, browser }) => {
  const account = newAccount("Twin");
  await signUpInBrowser(page, account);
  const projectId = await newProject(page, "Live");
  const c = canvas(page);
  await c.open(projectId);

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signInInBrowser(page2, account);
  const c2 = canvas(page2);
  await c2.open(projectId);
  await expect(page2.getByText("Double-click anywhere")).toBeVisible();

  await page.getByRole("button", { name: "Describe an Image" }).click();
  await expect(c2.nodes).toHaveCount(1, { timeout: 3000 });
  await c.rename("Describe an Image", "Harbour at dawn");
  await expect(c2.node("Harbour at dawn")).toHaveCount(1, { timeout: 3000 });
  await other.close();
});

test("two people edit one node at the same moment: the rename in one browser and the text typed in the other both stay", async ({
  page,
  browser,
}) => {
  const account = newAccount("Pair");
  await signUpInBrowser(page, account);
  const projectId = await newProject(page, "Pier");
  const c = canvas(page);
  await c.open(projectId);
  await page.getByRole("button", { name: "Describe an Image" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signInInBrowser(page2, account);
  const c2 = canvas(page2);
  await c2.open(projectId);
  await expect(c2.nodes).toHaveCount(1);

  // The second browser's text write is slow to arrive (a long way off); meanwhile the first renames the node.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page2.route("**/api/workflows/autosave", async (route) => {
    await held;
    await route.continue();
  });
  await c2.node("Describe an Image").getByLabel("Node text").fill("Gulls over the pier");
  await page2.waitForTimeout(700); // its debounced write is now on the way, held
  await c.rename("Describe an Image", "Opening shot");
  // The rename is on the server before the held write arrives. (Polled there: the top bar's 'Saved' shows
  // for 1 s only, which a busy machine can spend closing the dialog.)
  await expect
    .poll(async () => (await serverCanvas(page.request, null, projectId)).nodes.map((n) => n.data.title))
    .toEqual(["Opening shot"]);
  release();

  // Both browsers end with both changes, and so does the server.
  await expect(c.node("Opening shot").getByLabel("Node text")).toHaveValue("Gulls over the pier", { timeout: 10_000 });
  await expect(c2.node("Opening shot").getByLabel("Node text")).toHaveValue("Gulls over the pier");
  await expect
    .poll(async () => (await serverCanvas(page.request, null, projectId)).nodes.map((n) => [n.data.title, n.data.content]))
    .toEqual([["Opening shot", "Gulls over the pier"]]);
  await other.close();
});

test("a view-only member can look but cannot move or create", async ({ page, browser, request }) => {
  const ownerToken = await signUpByApi(request, newAccount("Owner"));
  const viewer = newAccount("Viewer");
  await signUpByApi(request, viewer);
  const project = await apiCall(request, ownerToken, "post", "/api/projects", { name: "Look only" });
  await apiCall(request, ownerToken, "post", `/api/projects/${project.body.id}/structure`, {
    nodes: [{ id: "generic-1-a", position: { x: 400, y: 400 } }],
  });
  await apiCall(request, ownerToken, "post", "/api/workflows/autosave", {
    projectId: project.body.id,
    updates: [{ nodeId: "generic-1-a", nodeData: { title: "Locked", rev: 1 }, prevRev: 0 }],
  });
  await apiCall(request, ownerToken, "post", `/api/projects/${project.body.id}/members`, { email: viewer.email, permission: "view" });

  await signInInBrowser(page, viewer);
  const c = canvas(page);
  await c.open(project.body.id);
  await expect(c.nodes).toHaveCount(1);
  const node = c.node("Locked");
  const box = (await node.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 240, box.y + 260, { steps: 10 });
  await page.mouse.up();
  expect((await node.boundingBox())!.x).toBeCloseTo(box.x, 0);
  await c.doubleClickAt(100, 100);
  await page.keyboard.press("Control+n");
  await expect(c.nodes).toHaveCount(1);
  const saved = await serverCanvas(request, ownerToken, project.body.id);
  expect(saved.nodes.map((n) => n.position)).toEqual([{ x: 400, y: 400 }]);
});

test("with the network cut mid-edit, 'Save Failed' shows, and everything is saved once it returns", async ({ page, context }) => {
  await signUpInBrowser(page, newAccount("Offline"));
  const projectId = await newProject(page, "Train ride");
  const c = canvas(page);
  await c.open(projectId);
  await page.getByRole("button", { name: "Describe an Image" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");

  await context.setOffline(true);
  await c.node("Describe an Image").getByLabel("Node text").fill("A tram crossing a bridge in the rain");
  await c.doubleClickAt(200, 520);
  await expect(page.getByTestId("save-status")).toHaveText("Save Failed", { timeout: 15_000 });

  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const saved = await serverCanvas(page.request, null, projectId);
        return [saved.nodes.length, saved.nodes.find((n) => n.data.title === "Describe an Image")?.data.content];
      },
      { timeout: 15_000 },
    )
    .toEqual([2, "A tram crossing a bridge in the rain"]);
});

test("edits the studio could not save before a reload are on screen after it, and saved once it answers again", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Reloader"));
  const projectId = await newProject(page, "Night bus");
  const c = canvas(page);
  await c.open(projectId);
  await page.getByRole("button", { name: "Describe an Image" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");

  // The studio stops taking canvas writes (a proxy hiccup) while the user works on.
  const writes = ["**/api/workflows/autosave", "**/api/projects/*/structure"];
  for (const url of writes) await page.route(url, (route) => route.abort("connectionrefused"));
  await c.node("Describe an Image").getByLabel("Node text").fill("A night bus in the fog");
  await c.doubleClickAt(200, 520);
  await expect(c.nodes).toHaveCount(2);
  await expect(page.getByTestId("save-status")).toHaveText(/Saving|Save Failed/);
  // Leaving asks first (there is unsaved work); the user reloads anyway.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.reload();

  // Still unsaved, yet on screen: the new node and the text.
  await expect(c.nodes).toHaveCount(2);
  await expect(c.node("Describe an Image").getByLabel("Node text")).toHaveValue("A night bus in the fog");

  for (const url of writes) await page.unroute(url);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect
    .poll(
      async () => {
        const saved = await serverCanvas(page.request, null, projectId);
        return [saved.nodes.length, saved.nodes.find((n) => n.data.title === "Describe an Image")?.data.content];
      },
      { timeout: 20_000 },
    )
    .toEqual([2, "A night bus in the fog"]);
  await page.reload();
  await expect(c.nodes).toHaveCount(2);
  await expect(c.node("Describe an Image").getByLabel("Node text")).toHaveValue("A night bus in the fog");
});

test("a big canvas on screen: minimap toggle, Ctrl+F finds and selects a node, zoomed far out one canvas draws the cards with thumbnails", async ({
  page,
}) => {
  test.slow(); // sign-up, upload, thumbnail, and three view changes
  await signUpInBrowser(page, newAccount("Overview"));
  const projectId = await newProject(page, "Overview");
  const c = canvas(page);
  await page.goto(`/?project=${projectId}`);
  await expect(page.getByTestId("canvas-mode")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Combine ideas" }).click();
  await expect(c.nodes).toHaveCount(3);
  await c.dropFile("sunset.png", "image/png", solidPng(640, 360, [245, 165, 36]), { x: 900, y: 520 });
  await expect(c.image("sunset")).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");

  // The minimap: M shows it (a rectangle per node), its button hides it again.
  await page.locator(".react-flow__pane").click({ position: { x: 40, y: 400 } });
  await page.keyboard.press("m");
  const minimap = page.locator(".react-flow__minimap");
  await expect(minimap).toBeVisible();
  await expect(minimap.locator(".react-flow__minimap-node")).toHaveCount(4);
  await expect(page.getByTestId("minimap-toggle")).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: "test-results/big-canvas-minimap.png" });
  await page.getByRole("button", { name: "Hide minimap (M)" }).click();
  await expect(minimap).toHaveCount(0);

  // Ctrl+F: type part of a title, pick it with the keyboard; the view goes there and selects it.
  await page.keyboard.press("Control+f");
  const find = page.getByRole("dialog", { name: "Find a node" });
  await expect(find).toBeVisible();
  await page.getByRole("combobox", { name: "Node title" }).fill("comb");
  await expect(find.getByRole("option")).toHaveText(["Combined"]);
  await page.screenshot({ path: "test-results/big-canvas-find.png" });
  await page.keyboard.press("Enter");
  await expect(find).toHaveCount(0);
  await expect(page.locator(".react-flow__node.selected")).toHaveCount(1);
  await expect(page.locator(".react-flow__node.selected").getByTestId("node-title")).toHaveText("Combined");
  // …and with the mouse, from the toolbar's button.
  await page.getByRole("button", { name: "Find a node (Ctrl+F)" }).click();
  await page.getByRole("combobox", { name: "Node title" }).fill("sun");
  await find.getByRole("option", { name: "sunset" }).click();
  await expect(page.locator(".react-flow__node.selected").getByTestId("node-title")).toHaveText("sunset");

  // Zoomed out to 25 %: React Flow mounts no card and no edge; one canvas draws all four cards and both
  // edges, the image one with the server's small thumbnail.
  const thumbnail = page.waitForResponse((r) => /\/api\/media\/[0-9a-f-]{36}\/thumbnail$/.test(r.url()) && r.ok());
  await page.getByTestId("zoom-level").click();
  await page.getByRole("menuitem", { name: "25%", exact: true }).click();
  const overview = page.getByTestId("canvas-overview");
  await expect(overview).toHaveAttribute("data-drawn-nodes", "4");
  await expect(overview).toHaveAttribute("data-drawn-edges", "2");
  await expect(c.nodes).toHaveCount(0);
  await expect(c.edges).toHaveCount(0);
  await thumbnail;
  await expect(overview).toHaveAttribute("data-drawn-thumbnails", "1");
  // The thumbnail is really on the canvas: the middle of the sunset card is the picture's amber, not the card's dark fill.
  const sunset = await c.overviewCardCentre(projectId, "sunset");
  const pixel = await overview.evaluate((el: HTMLCanvasElement, p) => {
    const box = el.getBoundingClientRect();
    const dpr = el.width / box.width;
    return [...el.getContext("2d")!.getImageData((p.x - box.left) * dpr, (p.y - box.top) * dpr, 1, 1).data];
  }, sunset);
  expect(pixel.slice(0, 3).map((v) => Math.round(v / 16))).toEqual([245, 165, 36].map((v) => Math.round(v / 16)));
  await page.screenshot({ path: "test-results/big-canvas-zoomed-out.png" });
  // The minimap shows every card zoomed out too (React Flow's own drew only the view box here).
  await page.keyboard.press("m");
  await expect(page.locator(".react-flow__minimap .react-flow__minimap-node")).toHaveCount(4);
  await page.screenshot({ path: "test-results/big-canvas-minimap-zoomed-out.png" });
  await page.keyboard.press("m");
  await expect(page.locator(".react-flow__minimap")).toHaveCount(0);

  // A click on a drawn card selects it (the sidebar shows it); a click on bare canvas clears the selection.
  const combined = await c.overviewCardCentre(projectId, "Combined");
  await page.mouse.click(combined.x, combined.y);
  await expect(overview).toHaveAttribute("aria-label", "Canvas overview: 4 nodes, selected: Combined");
  await expect(page.getByTestId("properties-sidebar").getByText("Select a node to see and edit its properties.")).toHaveCount(0);
  await page.locator(".react-flow__pane").click({ position: { x: 40, y: 400 } });
  await expect(overview).toHaveAttribute("aria-label", "Canvas overview: 4 nodes, none selected");
  // A double-click on one zooms to it: a full card again, selected.
  await page.mouse.dblclick(sunset.x, sunset.y);
  await expect(page.getByTestId("zoom-level")).toHaveText("60%");
  await expect(overview).toHaveCount(0);
  await expect(page.locator(".react-flow__node.selected").getByTestId("node-title")).toHaveText("sunset");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  expect((await serverCanvas(page.request, null, projectId)).nodes).toHaveLength(4); // the double-click made no node
});
