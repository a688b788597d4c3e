import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { KITCHEN_AND_STREET } from "../domain/breakdown/testScenes";
import { writeFdx } from "../domain/screenplay/fdxWrite";
import { parseFountain } from "../domain/screenplay/fountain";
import { canvas, serverCanvas } from "./support/canvas";
import { breakdown, importScript } from "./support/breakdown";
import { shotListEditor } from "./support/shotLists";
import { apiCall, newAccount, signInInBrowser, signUpByApi, signUpInBrowser } from "./support/studio";

/** The kitchen-and-street sample, imported as an .fdx into a new project; its screenplay editor open. */
async function importSample(page: Page) {
  await importScript(page, writeFdx(parseFountain(KITCHEN_AND_STREET)));
  await expect(breakdown(page).elements.first()).toHaveValue("EXT. HARBOR ROAD - NIGHT");
}

test("break an imported script down, follow a line to its shot, and see 'Script changed' after editing it", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Breakdown"));
  await importSample(page);
  const b = breakdown(page);

  // Break down the whole script: a toast with the list, and a marker beside each covered line.
  await b.wholeScript();
  await expect(page.getByText("Script broken down")).toBeVisible();
  await expect(page.getByText(/Harbor – Breakdown: \d+ shots across 3 scenes\./)).toBeVisible();
  const lineId = await b.elementId("We can't.");
  const line = b.line(lineId);
  const marker = b.marker(lineId);
  await expect(marker).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("breakdown-editor.png") });

  // The report: scenes with eighths, props and characters.
  await b.openReport();
  const report = b.report;
  await expect(report).toContainText("INT. MAYA'S KITCHEN - NIGHT");
  await expect(report).toContainText("ENVELOPE, REVOLVER");
  await page.screenshot({ path: testInfo.outputPath("breakdown-report.png") });
  const csv = page.waitForEvent("download");
  await page.getByRole("button", { name: "Scenes CSV" }).click();
  expect((await csv).suggestedFilename()).toBe("reelgraph-Harbor-breakdown-scenes.csv");
  await b.closeReport();
  await expect(report).toBeHidden();

  // A line's marker opens the shot list at a shot covering it; the shot shows its lines.
  await marker.click();
  await page.getByRole("menuitem", { name: /Medium Close-up, MAYA/ }).click();
  const editor = shotListEditor(page);
  await expect(editor.editor).toBeVisible();
  await expect(editor.summary).toContainText("Harbor");
  const shot = editor.shotWith("Over DANIEL's shoulder onto MAYA: “I couldn't do it, Danny.”");
  await expect(shot).toBeInViewport();
  await shot.getByRole("button", { name: /script lines/ }).click();
  await expect(shot.getByTestId("shot-script-lines")).toContainText("We can't.");
  await expect(shot.getByTestId("script-changed")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("breakdown-shotlist.png") });

  // Edit that line in the script; the shot now says what changed.
  await page.keyboard.press("Alt+1");
  await expect(page.getByTestId("screenplay-editor")).toBeVisible();
  await line.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Not tonight.");
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 10_000 });
  await page.keyboard.press("Alt+2");
  const changed = shot.getByTestId("script-changed");
  await expect(changed).toContainText("Script changed");
  await expect(changed).toContainText("1 line edited");
  await expect(changed).toContainText("We can't. Not tonight.");
  await changed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("breakdown-script-changed.png") });

  // Marked as seen, it stops saying so, and that is saved.
  await changed.getByRole("button", { name: "Mark as seen" }).click();
  await expect(shot.getByTestId("script-changed")).toHaveCount(0);
  await editor.saved();
  await page.reload();
  await expect(editor.editor).toBeVisible();
  await expect(shot).toBeVisible();
  await expect(shot.getByTestId("script-changed")).toHaveCount(0);
  // The two-shot covers the same line and still says so.
  await expect(editor.shotWith("DANIEL and MAYA in conversation").last().getByTestId("script-changed")).toBeVisible();
});

test("storyboard a broken-down scene: a lane with its characters connected, one undo step; Generate all fills the shots' images", async ({
  page,
}, testInfo) => {
  // Thirteen images are generated in the studio under test, two characters first, then eleven shots.
  test.setTimeout(180_000);
  await signUpInBrowser(page, newAccount("Storyboard"));
  await importSample(page);
  const b = breakdown(page);
  await b.intoShotList();
  const projectId = new URL(page.url()).searchParams.get("project")!;

  // Scene 3 (Maya alone, three shots) without running: the lane, Maya's node connected, and one undo step.
  const later = b.scene("INT. MAYA'S KITCHEN - LATER");
  await later.getByRole("button", { name: "Storyboard" }).click();
  const dialog = b.storyboardDialog;
  await expect(dialog.getByTestId("storyboard-summary")).toHaveText("3 shots, 1 character connected as reference");
  await dialog.getByRole("checkbox").uncheck();
  await dialog.getByRole("button", { name: "Send to canvas" }).click();
  const c = canvas(page);
  await expect(page.getByTestId("canvas-mode")).toBeVisible();
  await expect(c.node("MAYA · character")).toBeVisible();
  await expect(c.node("Shot 16")).toBeInViewport();
  await expect.poll(async () => (await serverCanvas(page.request, null, projectId)).nodes.length).toBe(4);
  const lane = await serverCanvas(page.request, null, projectId);
  const maya = lane.nodes.find((n) => n.data.title === "MAYA · character")!;
  // Maya is in two of the three shots (the third is the envelope); her node feeds both.
  expect(lane.edges.filter((e) => e.source === maya.id)).toHaveLength(2);
  expect(lane.edges).toHaveLength(2);
  await page.screenshot({ path: testInfo.outputPath("storyboard-lane.png") });
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 200 } });
  await page.keyboard.press("Control+z");
  await expect(c.nodes).toHaveCount(0);

  // Scene 2 with Generate all: characters first, then every shot; each finished node fills its shot's image.
  await page.keyboard.press("Alt+2");
  const kitchen = b.scene("INT. MAYA'S KITCHEN - NIGHT");
  await kitchen.getByRole("button", { name: "Storyboard" }).click();
  await expect(dialog.getByTestId("storyboard-summary")).toContainText("2 characters");
  await expect(dialog.getByTestId("storyboard-cost")).toHaveText(/\d+ runs \(characters first\) · \d+ credits/);
  const kitchenShots = await kitchen.locator("[data-testid=shot-card]").count();
  await dialog.getByRole("button", { name: "Send to canvas" }).click();
  await expect(page.getByTestId("canvas-mode")).toBeVisible();
  // The lane (every shot and both characters) reaches the server as it is applied.
  const shotCount = kitchenShots + 2;
  await expect.poll(async () => (await serverCanvas(page.request, null, projectId)).nodes.length, { timeout: 30_000 }).toBe(shotCount);
  await expect
    .poll(
      async () =>
        (await serverCanvas(page.request, null, projectId)).nodes.filter((n) => typeof n.data.mediaUrl === "string" && n.data.mediaUrl)
          .length,
      { timeout: 90_000 },
    )
    .toBe(shotCount);
  await page.screenshot({ path: testInfo.outputPath("storyboard-generated.png") });
  await page.keyboard.press("Alt+2");
  await expect(kitchen.locator("[data-testid=shot-card] img").first()).toBeVisible();
  const withImages = await kitchen
    .locator("[data-testid=shot-card]")
    .evaluateAll((cards) => cards.filter((c) => c.querySelector("img")).length);
  expect(withImages).toBe(await kitchen.locator("[data-testid=shot-card]").count());
  await page.screenshot({ path: testInfo.outputPath("storyboard-shotlist.png") });
});

test("make an animatic of a broken-down scene: progress, then an MP4 that plays", async ({ page }, testInfo) => {
  // Voices and an ffmpeg render, on a machine that may be running other tests.
  test.setTimeout(150_000);
  await signUpInBrowser(page, newAccount("Animatic"));
  await importSample(page);
  const b = breakdown(page);
  await b.intoShotList();

  await page.getByRole("button", { name: "Animatic" }).click();
  const dialog = b.animaticDialog;
  await dialog.getByLabel("Scenes").click();
  await page.getByRole("option", { name: "3. INT. MAYA'S KITCHEN - LATER" }).click();
  await dialog.getByRole("checkbox", { name: /captions/ }).check();
  // The lines are counted; without an ElevenLabs key its voices are shown but cannot be chosen.
  await expect(dialog.getByTestId("animatic-lines")).toContainText(/of dialogue, each character in a voice of their own/);
  await dialog.getByLabel("Voices").click();
  await expect(page.getByRole("option", { name: /ElevenLabs voices \(Add an ElevenLabs key in Settings\)/ })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await page.screenshot({ path: testInfo.outputPath("animatic-voices.png") });
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Make animatic" }).click();
  await expect(dialog.getByRole("progressbar", { name: "Animatic progress" }).or(dialog.getByTestId("animatic-video"))).toBeVisible();
  const video = dialog.getByTestId("animatic-video");
  await expect(video).toBeVisible({ timeout: 90_000 });
  // The browser plays it: its length is known and it moves when played.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 }).toBeGreaterThan(6);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await page.screenshot({ path: testInfo.outputPath("animatic.png") });
  const download = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download MP4" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.mp4$/);
  const timeline = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Timeline for editors (.zip)" }).click();
  const zipPath = testInfo.outputPath("timeline.zip");
  await (await timeline).saveAs(zipPath);
  const names = Object.keys(unzipSync(new Uint8Array(readFileSync(zipPath))));
  expect(names).toEqual(expect.arrayContaining(["timeline.otio", "timeline.fcpxml"]));
  // The EDL's file name carries the frame rate, which an EDL cannot state.
  expect(names.some((n) => / \d+(\.\d+)?fps\.edl$/.test(n))).toBe(true);
  expect(names.some((n) => n.startsWith("media/"))).toBe(true);
});

test("a view-only member reads the breakdown and follows its markers, but cannot break down, storyboard or render", async ({
  page,
  request,
}) => {
  const ownerToken = await signUpByApi(request, newAccount("Owner"));
  const viewer = newAccount("Viewer");
  await signUpByApi(request, viewer);
  const project = await apiCall(request, ownerToken, "post", "/api/projects", { name: "Look only" });
  const projectId = project.body.id as string;
  await apiCall(request, ownerToken, "post", `/api/projects/${projectId}/members`, { email: viewer.email, permission: "view" });
  const script = await apiCall(request, ownerToken, "post", `/api/projects/${projectId}/scripts`, { name: "Harbor" });
  await apiCall(request, ownerToken, "put", `/api/scripts/${script.body.id}`, {
    elements: parseFountain(KITCHEN_AND_STREET).elements,
    baseVersion: script.body.version,
  });
  await apiCall(request, ownerToken, "post", `/api/scripts/${script.body.id}/breakdown`, {});

  await signInInBrowser(page, viewer);
  await page.goto(`/?project=${projectId}`);
  await expect(page.getByRole("tab", { name: "Scripts" })).toBeVisible();
  await page.keyboard.press("Alt+1");
  await page.getByRole("button", { name: "Open Harbor" }).click();
  await expect(page.getByTestId("view-only")).toBeVisible();
  // The menu offers the report only.
  const b = breakdown(page);
  await b.openMenu();
  await expect(b.wholeScriptItem).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Breakdown report…" }).click();
  await expect(b.report).toContainText("ENVELOPE, REVOLVER");
  await b.closeReport();
  // A marker still leads to its shot, in a list the viewer can only read.
  await page.getByTestId("coverage-marker").first().click();
  const editor = shotListEditor(page);
  await expect(editor.editor).toBeVisible();
  await expect(editor.editor.getByText("View only", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Storyboard" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Animatic" })).toBeDisabled();
});
