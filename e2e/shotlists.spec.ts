import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { canvas } from "./support/canvas";
import { solidPng } from "./support/png";
import { openShotLists, shotListEditor, shotLists } from "./support/shotLists";
import { newAccount, signUpInBrowser } from "./support/studio";

test("plan a shot list: create, edit in place, reorder, add an image, send a shot to the canvas, export, reload", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Planner"));
  const projectId = await openShotLists(page, "Harbour");
  await expect(page.getByText("No shot lists yet")).toBeVisible();
  // The canvas already has a node far to the right, so the exported shot lands outside the first view.
  const far = await page.request.post(`/api/projects/${projectId}/structure`, {
    data: { nodes: [{ id: "generic-1-farright", position: { x: 4000, y: 400 } }] },
  });
  expect(far.ok()).toBe(true);

  // New Shot List → name → setup screen (6 shots by default) → editor.
  const lists = shotLists(page);
  await lists.startNew("Harbour Day");
  await expect(page.getByRole("heading", { name: "Create New Shot List" })).toBeVisible();
  await expect(lists.nameField).toHaveValue("Harbour Day");
  await expect(lists.shotCountField).toHaveValue("6");
  await expect(page.getByRole("button", { name: "6 shots" })).toHaveAttribute("aria-pressed", "true");
  await lists.create();
  const editor = shotListEditor(page);
  await expect(editor.summary).toHaveText("6 shots across 1 scene");
  await expect(editor.cards).toHaveCount(6);

  // In-place edits: scene fields, shot text, an enumerated field.
  await editor.editText("Scene title", "The Pier");
  await editor.editText("Location", "Pier 9");
  await editor.editText("Shot 1 description", "Gulls wheel over the pier");
  await editor.editText("Shot 2 description", "Maya runs along the jetty");
  await editor.choose(2, "shot size", "Wide Shot");
  await editor.choose(2, "movement", "Tracking");
  // Escape leaves a field as it was.
  await editor.typeAndEscape("Shot 3 subject", "never kept");
  await expect(editor.field("Shot 3 subject", "Subject\\.\\.\\.")).toBeVisible();

  // Drag Shot 1 onto Shot 3: it takes that place and the shots are renumbered.
  await editor.dragShot(1, 3);
  await expect(editor.description(3, "Gulls wheel over the pier")).toBeVisible();
  await expect(editor.description(1, "Maya runs along the jetty")).toBeVisible();
  // And back up one place from the keyboard.
  await editor.moveShotUp(3);
  await expect(editor.description(2, "Gulls wheel over the pier")).toBeVisible();
  await expect(editor.reorderAnnouncement).toHaveText("Moved to Shot 2 in The Pier");

  // An image for the shot of Maya (now Shot 1); the canvas needs one.
  await editor.sendToCanvas(2);
  await expect(page.getByText("Please upload or generate an image for this shot before exporting to canvas")).toBeVisible();
  await editor.addImage(1, { name: "jetty.png", mimeType: "image/png", buffer: solidPng(160, 90, [40, 120, 200]) });
  const image = editor.image(1);
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  await editor.sendToCanvas(1);
  await expect(page.getByText("Shot 1 added to the canvas")).toBeVisible();
  await editor.saved();

  await page.screenshot({ path: testInfo.outputPath("shotlist-editor.png"), fullPage: false });

  // PDF (table) and CSV downloads, read back.
  const pdfPath = testInfo.outputPath("shots.pdf");
  await (await editor.exportAs(/PDF — shot table/)).saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
  expect(text).toContain("Harbour Day");
  expect(text).toContain("The Pier");
  expect(text).toContain("Gulls wheel over the pier");
  expect(execFileSync("pdfimages", ["-list", pdfPath]).toString().trim().split("\n").length - 2).toBe(1);
  const storyboard = await editor.exportAs(/PDF — storyboard/);
  expect(storyboard.suggestedFilename()).toBe("reelgraph-Harbour-Day-storyboard.pdf");
  const csvDownload = await editor.exportAs(/CSV/);
  expect(csvDownload.suggestedFilename()).toBe("reelgraph-Harbour-Day.csv");
  const csvPath = testInfo.outputPath("shots.csv");
  await csvDownload.saveAs(csvPath);
  const csv = readFileSync(csvPath);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = csv.toString("utf8").slice(1).trim().split("\r\n");
  expect(rows).toHaveLength(7);
  // Untouched fields ('Subject...', 'Weather...') are blank on paper, not placeholders.
  expect(rows[1]).toMatch(/^1,The Pier,Pier 9,,,,1,Maya runs along the jetty,,Wide Shot,Single,Tracking,/);
  expect(rows[2]).toContain(",2,Gulls wheel over the pier,");

  // The exported shot is on the canvas (Alt+4), brought into view and selected.
  await page.keyboard.press("Alt+4");
  const board = canvas(page);
  await expect(board.node("Shot 1")).toBeInViewport();
  await expect(page.locator(".react-flow__node.selected")).toContainText("Shot 1");
  await expect(board.image("Shot 1")).toBeVisible();

  // Everything is kept across a reload, and the list that was open opens again.
  await page.reload();
  await lists.showTab();
  await expect(editor.summary).toHaveText("6 shots across 1 scene");
  await expect(editor.field("Scene title", "The Pier")).toBeVisible();
  await expect(editor.field("Location", "Pier 9")).toBeVisible();
  await expect(editor.description(1, "Maya runs along the jetty")).toBeVisible();
  await expect(editor.description(2, "Gulls wheel over the pier")).toBeVisible();
  await expect(editor.choice(1, "shot size")).toHaveText("Wide Shot");
  await expect(editor.choice(1, "movement")).toHaveText("Tracking");
  await expect(editor.image(1)).toBeVisible();
  // Back on the list of shot lists, its card says it has shots and shows the first image.
  await lists.backToLists();
  const card = lists.listCard("Harbour Day");
  await expect(card).toContainText("Has shots");
  await expect(card.locator("img")).toBeVisible();
});

test("two windows edit one shot list at once: both windows' edits are kept", async ({ page, context }) => {
  await signUpInBrowser(page, newAccount("Two Windows"));
  const projectId = await openShotLists(page, "Lighthouse");
  const created = await page.request.post(`/api/projects/${projectId}/shot-lists`, { data: { name: "Cliff Walk", shots: 3 } });
  expect(created.ok()).toBe(true);
  await page.reload();

  // Both windows open the same list before either edits it.
  const second = await context.newPage();
  await second.goto(`/?project=${projectId}`);
  await shotLists(second).showTab();
  for (const p of [page, second]) {
    await shotLists(p).open("Cliff Walk");
    await expect(shotListEditor(p).cards).toHaveCount(3);
  }

  // The first window saves; the second, still on the older copy, edits another shot and saves over it.
  const first = shotListEditor(page);
  await first.editText("Shot 1 description", "Fog rolls in over the cliff");
  await first.saved();
  const other = shotListEditor(second);
  await other.editText("Shot 3 subject", "The keeper");
  await other.saved();
  await expect(second.getByText("Merged changes made in another window")).toBeVisible();
  // The second window shows both edits at once, and so does the first after a reload.
  await expect(other.description(1, "Fog rolls in over the cliff")).toBeVisible();
  await page.reload(); // the list that was open opens again
  await shotLists(page).showTab();
  await expect(first.description(1, "Fog rolls in over the cliff")).toBeVisible();
  await expect(first.card(3).getByRole("button", { name: /subject: The keeper/ })).toBeVisible();
});
