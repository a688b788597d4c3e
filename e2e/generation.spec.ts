import { expect, test, type Page } from "@playwright/test";
import { canvas, serverCanvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";
import { LOW_CREDITS_URL } from "./support/servers";
import { StudioProcess } from "./fuzz/studioProcess";

const toolbar = (page: Page) => page.getByTestId("generation-toolbar");
const balance = async (page: Page) =>
  Number((await page.getByRole("button", { name: "Credits and plans" }).innerText()).replace(/\D/g, ""));
const runCost = async (page: Page) => Number((await toolbar(page).getByTestId("run-cost").innerText()).replace(/\D/g, ""));

/** Selects a node, sets its type and prompt in the toolbar, checks the local model was chosen, and runs it. */
async function generate(page: Page, title: string, type: "Image" | "Video" | "Audio" | "3D", prompt: string, model: RegExp) {
  const c = canvas(page);
  await c.select(title);
  await toolbar(page).getByRole("button", { name: type, exact: true }).click();
  await expect(toolbar(page).getByRole("button", { name: model })).toBeVisible();
  await toolbar(page).getByLabel("Prompt").fill(prompt);
  const cost = await runCost(page);
  await toolbar(page).getByLabel("Prompt").press("Enter");
  return cost;
}

test("a new user makes an image, a video from it, a voice line and a 3D model with the local models, paying the shown cost", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Director"));
  const projectId = await newProject(page, "Offline reel");
  const c = canvas(page);
  await c.open(projectId);
  const start = await balance(page);
  expect(start).toBe(5000);

  await c.doubleClickAt(200, 120);
  await c.rename("Untitled", "Key art");
  // The toolbar's aspect ratio and the Model Parameters form show one value: set in either, both follow.
  await c.select("Key art");
  await toolbar(page).getByRole("button", { name: "Image", exact: true }).click();
  await expect(toolbar(page).getByRole("button", { name: /Local Sketch/ })).toBeVisible();
  await toolbar(page).getByRole("combobox", { name: "Aspect ratio" }).click();
  await page.getByRole("option", { name: "16:9", exact: true }).click();
  await toolbar(page).getByRole("button", { name: "Model parameters" }).click();
  const params = page.getByRole("dialog", { name: "Model Parameters" });
  await expect(params.getByRole("combobox", { name: "Aspect ratio" })).toHaveText("16:9");
  await params.getByRole("combobox", { name: "Aspect ratio" }).click();
  await page.getByRole("option", { name: "1:1", exact: true }).click();
  await params.getByRole("button", { name: "Done" }).click();
  await expect(toolbar(page).getByRole("combobox", { name: "Aspect ratio" })).toHaveText("1:1");
  let spent = await generate(page, "Key art", "Image", "a lighthouse at dusk over a stormy sea", /Local Sketch/);
  // The sketch takes a fraction of a second: the image and the toast are what a user sees.
  await expect(page.getByText("Generation completed!")).toBeVisible({ timeout: 30_000 });
  await expect(c.image("Key art")).toBeVisible();
  await expect(page.getByRole("button", { name: "Credits and plans" })).toHaveText(
    String(start - spent).replace(/\B(?=(\d{3})+(?!\d))/g, ","),
  );
  // The type is locked once the node has content.
  await expect(toolbar(page).getByRole("button", { name: "Video", exact: true })).toBeDisabled();
  await expect(toolbar(page).getByRole("button", { name: "Video", exact: true })).toHaveAttribute(
    "title",
    "Type locked - node has generated content",
  );

  await c.newNode();
  await c.rename("Untitled", "Push in");
  await c.connect("Key art", "Push in");
  // The toolbar shows the connected image the video will start from.
  await c.select("Push in");
  await expect(toolbar(page).getByTestId("toolbar-context").locator("img")).toHaveCount(1);
  spent += await generate(page, "Push in", "Video", "slow push in on the lighthouse", /Local Video/);
  // A video takes a second or more: the card shows its progress meanwhile, with a percent.
  await expect(c.node("Push in").getByTestId("node-progress")).toBeVisible();
  await expect(c.node("Push in").getByTestId("node-progress")).toContainText("%");
  await expect(c.node("Push in").locator("video")).toBeVisible({ timeout: 60_000 });
  // A local render takes seconds: the hosted models' "may take 30-120 seconds" toast is not shown.
  await expect(page.getByText("Video generation started. This may take 30-120 seconds...")).toHaveCount(0);

  await c.newNode();
  await c.rename("Untitled", "Narration");
  spent += await generate(page, "Narration", "Audio", "The light still turns, though no ship has passed in years.", /Local Speech/);
  await expect(c.node("Narration").getByTestId("waveform-player").or(c.node("Narration").getByTestId("audio-fallback"))).toBeVisible({
    timeout: 30_000,
  });

  await c.newNode();
  await c.rename("Untitled", "Prop");
  spent += await generate(page, "Prop", "3D", "a brass ship lantern", /Local Mesh/);
  await expect(c.node("Prop").getByTestId("model-viewer")).toBeVisible({ timeout: 30_000 });

  // The balance went down by exactly the costs shown before each run.
  await expect.poll(() => balance(page), { timeout: 10_000 }).toBe(start - spent);
  const saved = await serverCanvas(page.request, null, projectId);
  const byTitle = (t: string) => saved.nodes.find((n) => n.data.title === t)!.data;
  expect(byTitle("Key art")).toMatchObject({ status: "completed", contentType: "image" });
  expect(byTitle("Push in")).toMatchObject({ status: "completed", contentType: "video" });
  expect(byTitle("Narration")).toMatchObject({ status: "completed", contentType: "audio" });
  expect(byTitle("Prop")).toMatchObject({ status: "completed", contentType: "model3d" });
  for (const t of ["Key art", "Push in", "Narration", "Prop"]) {
    const media = await page.request.get(String(byTitle(t).mediaUrl));
    expect(media.ok()).toBe(true);
    expect((await media.body()).length).toBeGreaterThan(500);
  }
});

test("Run from here runs a three-node chain, then skips the unchanged nodes as cached", async ({ page }) => {
  // Two confirmations (each a dry run) on top of two chains of local runs.
  test.setTimeout(150_000);
  await signUpInBrowser(page, newAccount("Chain"));
  const projectId = await newProject(page, "Chain");
  const c = canvas(page);
  await c.open(projectId);
  for (const [x, title] of [
    [60, "One"],
    [380, "Two"],
    [700, "Three"],
  ] as const) {
    await c.doubleClickAt(x, 150);
    await c.rename("Untitled", title);
  }
  await c.connect("One", "Two");
  await c.connect("Two", "Three");
  for (const [title, prompt] of [
    ["One", "a red door"],
    ["Two", "the door at night"],
    ["Three", "the door in snow"],
  ] as const) {
    await c.select(title);
    await toolbar(page).getByRole("button", { name: "Image", exact: true }).click();
    await expect(toolbar(page).getByRole("button", { name: /Local Sketch/ })).toBeVisible();
    await toolbar(page).getByLabel("Prompt").fill(prompt);
  }
  await c.select("One");
  await toolbar(page).getByRole("button", { name: "Run from here" }).click();
  // One confirmation lists the three nodes, then the chain runs.
  await expect(page.getByTestId("plan-run").getByRole("listitem")).toHaveCount(3);
  await page.getByTestId("confirm-graph-run").click();
  for (const t of ["One", "Two", "Three"]) await expect(c.image(t)).toBeVisible({ timeout: 30_000 });
  // A node shows its picture a moment before its run is settled (and its success recorded for the cache):
  // the queue says when all three are done.
  await toolbar(page).getByTestId("queue-button").click();
  const panel = page.getByTestId("queue-panel");
  // A row by its node's title (the queue lists runs across projects; the newest first).
  const row = (title: string) =>
    panel
      .getByTestId("queue-item")
      .filter({ has: page.getByTestId("queue-item-title").getByText(title, { exact: true }) })
      .first();
  for (const t of ["One", "Two", "Three"]) await expect(row(t)).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await toolbar(page).getByTestId("queue-button").click();
  await expect(panel).toBeHidden();

  // Change only the last prompt and run the chain again: the first two are cached.
  await c.select("Three");
  await toolbar(page).getByLabel("Prompt").fill("the door in fog");
  await c.select("One");
  await toolbar(page).getByRole("button", { name: "Run from here" }).click();
  await expect(page.getByTestId("plan-cached").getByRole("listitem")).toHaveCount(2);
  await page.getByTestId("confirm-graph-run").click();
  await toolbar(page).getByTestId("queue-button").click();
  await expect(row("One")).toHaveAttribute("data-status", "cached", { timeout: 30_000 });
  await expect(row("Two")).toHaveAttribute("data-status", "cached");
  await expect(row("Three")).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(panel.getByText("Cached — unchanged").first()).toBeVisible();
});

test.describe("with a small balance", () => {
  test.use({ baseURL: LOW_CREDITS_URL });
  test("a run that costs more than the balance says 'Insufficient credits' and charges nothing", async ({ page }) => {
    await signUpInBrowser(page, newAccount("Short"));
    const projectId = await newProject(page, "Short");
    const c = canvas(page);
    await c.open(projectId);
    const start = await balance(page);
    await c.doubleClickAt(300, 150);
    await c.select("Untitled");
    await toolbar(page).getByRole("button", { name: "Image", exact: true }).click();
    await expect(toolbar(page).getByRole("button", { name: /Local Sketch/ })).toBeVisible();
    // Five variations cost more than this account holds.
    for (let i = 0; i < 4; i++) await toolbar(page).getByRole("button", { name: "More variations" }).click();
    const cost = await runCost(page);
    expect(cost).toBeGreaterThan(start);
    await toolbar(page).getByLabel("Prompt").fill("anything at all");
    await toolbar(page).getByLabel("Prompt").press("Enter");
    await expect(page.getByText("Insufficient credits. Please upgrade your plan.").first()).toBeVisible();
    await expect(c.node("Untitled").getByRole("alert")).toHaveText(/Insufficient credits/);
    expect(await balance(page)).toBe(start);
  });
});

test.describe("on a self-hosted studio, as `npm start` runs it", () => {
  test("local models run free and say so where the cost is shown; the balance does not move", async ({ browser }) => {
    test.setTimeout(120_000);
    // A studio with the default settings (the journeys above run as a hosted operator, who prices local models).
    const studio = await StudioProcess.start({ PRICE_LOCAL_MODELS: "" }, 90_000);
    const context = await browser.newContext({ baseURL: studio.url, viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signUpInBrowser(page, newAccount("Home"));
      const projectId = await newProject(page, "Home studio");
      const c = canvas(page);
      await c.open(projectId);
      const start = await balance(page);
      await c.doubleClickAt(300, 150);
      await c.select("Untitled");
      await toolbar(page).getByRole("button", { name: "Image", exact: true }).click();
      await expect(toolbar(page).getByRole("button", { name: /Local Sketch/ })).toBeVisible();
      const cost = toolbar(page).getByTestId("run-cost");
      await expect(cost).toHaveText("Free · local");
      await expect(cost).toHaveAttribute("title", "Free: runs on this studio's own machine, so it costs no credits");
      await toolbar(page)
        .getByRole("button", { name: /Local Sketch/ })
        .click();
      const sketch = page.getByRole("menuitemradio", { name: /Local Sketch/ });
      await expect(sketch.getByTestId("model-cost")).toHaveText("Free · local");
      await page.screenshot({ path: test.info().outputPath("local-free.png") });
      await sketch.click();
      await expect(sketch).toHaveCount(0);
      await toolbar(page).getByLabel("Prompt").fill("a lighthouse in a storm at night");
      await toolbar(page).getByLabel("Prompt").press("Enter");
      await expect(c.image("Untitled")).toBeVisible({ timeout: 30_000 });
      await page.reload();
      await expect.poll(() => balance(page)).toBe(start);
    } finally {
      await context.close();
      await studio.stop();
    }
  });
});
