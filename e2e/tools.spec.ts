import { expect, test, type Page } from "@playwright/test";
import { canvas, serverCanvas } from "./support/canvas";
import { solidPng } from "./support/png";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";
import { colourClip } from "../server/tools/local/media/testFixtures";

const sidebar = (page: Page) => page.getByTestId("properties-sidebar");

async function openTool(page: Page, name: string) {
  await sidebar(page).getByRole("tab", { name: "Tools" }).click();
  await expect(sidebar(page).getByText("Available Tools")).toBeVisible();
  await sidebar(page).getByTestId("tool-item").filter({ hasText: name }).click();
  await expect(sidebar(page).getByTestId("tool-settings").getByRole("heading", { name })).toBeVisible();
}

test("upload a photo, Tools → Upscale ×2 → Run: the bigger picture is on the node and the old one in its versions", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Colourist"));
  const projectId = await newProject(page, "Upscale");
  const c = canvas(page);
  await c.open(projectId);
  // Nothing selected: every tool, and a double-click makes a node with the tool chosen.
  await sidebar(page).getByRole("tab", { name: "Tools" }).click();
  await expect(sidebar(page).getByText(/^All \d+ tools available - Double-click to create new node$/)).toBeVisible();
  await page.screenshot({ path: "test-results/tools-list.png" });
  await sidebar(page).getByTestId("tool-item").filter({ hasText: "Blur faces (Local AI)" }).dblclick();
  await expect(c.nodes).toHaveCount(1);
  await expect(c.nodes.first().getByTestId("node-tool-chip")).toHaveText(/Blur faces/);
  await page.keyboard.press("Control+z");
  await expect(c.nodes).toHaveCount(0);
  await sidebar(page).getByRole("tab", { name: "Properties" }).click();
  await c.dropFile("plate.png", "image/png", solidPng(96, 64, [40, 120, 200]));
  await expect(c.image("plate")).toBeVisible();
  await c.select("plate");

  await sidebar(page).getByRole("tab", { name: "Tools" }).click();
  // An image node sees the image tools only, with the spec's hint and count.
  await expect(sidebar(page).getByText("Image processing and editing tools")).toBeVisible();
  await expect(sidebar(page).getByText(/^\d+ of \d+ tools shown$/)).toBeVisible();
  await expect(sidebar(page).getByTestId("tool-item").filter({ hasText: "Trim video" })).toHaveCount(0);
  await openTool(page, "Upscale (Local AI)");
  await expect(sidebar(page).getByText("Basic Settings")).toBeVisible();
  await expect(c.node("plate").getByTestId("node-tool-chip")).toHaveText(/Upscale \(Local AI\)/);
  await sidebar(page).getByTestId("tool-run").click();
  await expect(page.getByText("Tool executed successfully!").first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => c.image("plate").evaluate((el: HTMLImageElement) => el.naturalWidth), { timeout: 20_000 }).toBe(192);
  await expect(sidebar(page).getByTestId("tool-run")).toHaveText("Re-run");

  const saved = (await serverCanvas(page.request, null, projectId)).nodes[0]!;
  const versions = saved.data.versionHistory as { mediaUrl: string }[];
  expect(versions).toHaveLength(2);
  expect(versions[1]!.mediaUrl).toBe(saved.data.mediaUrl);
  expect(saved.data.toolExecutionResult).toMatchObject({ success: true });
  await page.screenshot({ path: "test-results/tools-upscale.png" });

  // The original is one click away: the Properties tab's versions.
  await sidebar(page).getByRole("tab", { name: "Properties" }).click();
  await expect(
    sidebar(page)
      .getByText(/Versions/i)
      .first(),
  ).toBeVisible();
});

test("a video node → Extract frame (last) → a new image node beside it", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Editor"));
  const projectId = await newProject(page, "Frames");
  const c = canvas(page);
  await c.open(projectId);
  const clip = colourClip(
    [
      ["red", 0.5],
      ["blue", 0.5],
    ],
    { size: "96x64", fps: 10 },
  );
  await c.dropFile("shot.mp4", "video/mp4", clip.bytes);
  await expect(page.getByText("Media uploaded to node successfully!")).toBeVisible();
  await c.select("shot");
  await openTool(page, "Extract frame");
  await expect(sidebar(page).getByRole("combobox", { name: "Frame" })).toHaveText("last");
  await sidebar(page).getByTestId("tool-run").click();
  await expect(page.getByText("Tool executed successfully!").first()).toBeVisible({ timeout: 60_000 });
  await expect(c.nodes).toHaveCount(2);
  await expect(c.edges).toHaveCount(1);
  const saved = await serverCanvas(page.request, null, projectId);
  const frame = saved.nodes.find((n) => n.data.contentType === "image")!;
  expect(frame.data.mediaUrl).toMatch(/^\/api\/media\//);
  // The last frame of a red-then-blue clip is blue.
  const png = await page.request.get(frame.data.mediaUrl as string);
  expect(png.headers()["content-type"]).toBe("image/png");
  await expect(c.image(String(frame.data.title))).toBeVisible();
  await page.screenshot({ path: "test-results/tools-extract-frame.png" });
});

test("a line typed in a text node → Tools → Read aloud → a new audio node that plays it", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Writer"));
  const projectId = await newProject(page, "Table read");
  const c = canvas(page);
  await c.open(projectId);
  await page.getByRole("button", { name: "Describe an Image" }).click();
  await c.rename("Describe an Image", "Nell");
  await c.node("Nell").getByLabel("Node text").fill("The lamp is still turning, after all these years.");
  await c.select("Nell");
  await sidebar(page).getByRole("tab", { name: "Tools" }).click();
  await expect(sidebar(page).getByText("Text processing tools", { exact: true })).toBeVisible();
  await openTool(page, "Read aloud (Local)");
  await expect(sidebar(page).getByRole("combobox", { name: "Voice" })).toHaveText("slt");
  await sidebar(page).getByTestId("tool-run").click();
  await expect(page.getByText("Tool executed successfully!").first()).toBeVisible({ timeout: 60_000 });
  await expect(c.nodes).toHaveCount(2);
  await expect(c.edges).toHaveCount(1);
  const spoken = c.node("Nell · Read aloud");
  await expect(spoken.getByTestId("waveform-player").or(spoken.getByTestId("audio-fallback"))).toBeVisible({ timeout: 30_000 });
  const saved = await serverCanvas(page.request, null, projectId);
  const audio = saved.nodes.find((n) => n.data.contentType === "audio")!;
  const wav = await page.request.get(audio.data.mediaUrl as string);
  expect(wav.headers()["content-type"]).toBe("audio/wav");
  expect((await wav.body()).length).toBeGreaterThan(20_000); // seconds of speech, not an empty file
  await page.screenshot({ path: "test-results/tools-read-aloud.png" });
});

test("a view-only member sees Run disabled", async ({ page, browser }) => {
  const owner = newAccount("Owner");
  await signUpInBrowser(page, owner);
  const projectId = await newProject(page, "Shared tools");
  const c = canvas(page);
  await c.open(projectId);
  await c.dropFile("still.png", "image/png", solidPng(32, 32, [200, 40, 40]));
  await expect(c.image("still")).toBeVisible();
  const viewer = newAccount("Viewer");
  const other = await browser.newContext();
  const viewerPage = await other.newPage();
  await signUpInBrowser(viewerPage, viewer);
  const share = await page.request.post(`/api/projects/${projectId}/members`, { data: { email: viewer.email, permission: "view" } });
  expect(share.ok()).toBe(true);
  const vc = canvas(viewerPage);
  await vc.open(projectId);
  await vc.select("still");
  await openTool(viewerPage, "Upscale (Local AI)");
  await expect(sidebar(viewerPage).getByTestId("tool-run")).toBeDisabled();
  await expect(sidebar(viewerPage).getByText("View-only: you cannot run tools in this project")).toBeVisible();
  await other.close();
});
