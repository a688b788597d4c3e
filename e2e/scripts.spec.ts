import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { FDX_SAMPLE } from "../domain/screenplay/fixtures";
import { parseFountain } from "../domain/screenplay/fountain";
import { newAccount, signUpInBrowser } from "./support/studio";

async function openScripts(page: Page, projectName: string) {
  const res = await page.request.post("/api/projects", { data: { name: projectName } });
  const { id } = await res.json();
  await page.goto(`/?project=${id}`);
  await expect(page.getByRole("tab", { name: "Scripts" })).toBeVisible();
  await page.keyboard.press("Alt+1");
  await expect(page.getByRole("heading", { name: "Scripts" })).toBeVisible();
  return id as string;
}

const elements = (page: Page) => page.getByTestId("screenplay-page").locator("textarea[data-element-type]");

test("write a scene with only Tab and Enter; it is saved and survives a reload", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Writer"));
  await openScripts(page, "Diner");
  await expect(page.getByText("No scripts yet")).toBeVisible();
  await page.getByRole("button", { name: "New Script" }).click();
  await page.getByLabel("Script name").fill("Night Diner");
  await page.getByRole("button", { name: "Create Script" }).click();
  await expect(page.getByTestId("screenplay-editor")).toBeVisible();

  const first = elements(page).first();
  await expect(first).toHaveAttribute("data-element-type", "slug");
  await first.click();
  await page.keyboard.type("INT. DINER - NIGHT");
  await page.keyboard.press("Escape"); // hide a heading suggestion if one shows
  await page.keyboard.press("Enter");
  await page.keyboard.type("Rain streaks the window. MAYA waits in a booth.");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab"); // action → character
  await page.keyboard.type("MAYA");
  await page.keyboard.press("Enter"); // character → dialogue
  await page.keyboard.type("He's late again.");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab"); // dialogue → parenthetical
  await page.keyboard.type("checking her phone");
  await page.keyboard.press("Enter"); // parenthetical → dialogue
  await page.keyboard.type("Third time this week.");

  await expect(elements(page)).toHaveCount(6);
  const types = await elements(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-element-type")));
  expect(types).toEqual(["slug", "action", "character", "dialogue", "parenthetical", "dialogue"]);
  await expect(page.getByTestId("current-type")).toHaveText(/Dialogue/);
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/, { timeout: 10_000 });

  await page.reload();
  await expect(page.getByRole("tab", { name: "Scripts" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Open Night Diner" }).click();
  await expect(elements(page)).toHaveCount(6);
  await expect(elements(page).nth(3)).toHaveValue("He's late again.");
  await expect(elements(page).nth(4)).toHaveValue(/checking her phone/);
  await expect(page.getByRole("navigation", { name: "Scenes" })).toContainText("DINER");
});

test("import an FDX, export it as PDF and Fountain, and read both back", async ({ page }, testInfo) => {
  await signUpInBrowser(page, newAccount("Importer"));
  await openScripts(page, "Imports");
  await page.getByRole("button", { name: "Upload" }).click();
  await page
    .getByTestId("script-file-input")
    .setInputFiles({ name: "The_Pilot.fdx", mimeType: "application/xml", buffer: Buffer.from(FDX_SAMPLE) });
  await expect(page.getByLabel("Script name")).toHaveValue("The Pilot");
  await page.getByRole("button", { name: "Upload", exact: true }).last().click();
  await expect(page.getByTestId("screenplay-editor")).toBeVisible();
  // The file's New Act paragraph is kept (centred capitals, as Final Draft prints it), then its first scene.
  await expect(elements(page).first()).toHaveValue("ACT ONE");
  await expect(elements(page).nth(1)).toHaveAttribute("data-element-type", "slug");
  const shown = await elements(page).evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
  const heading = shown[1]!;

  // PDF: a real file whose first page carries the script's first heading.
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: /PDF/ }).click();
  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export PDF" }).click();
  const pdfPath = testInfo.outputPath("script.pdf");
  await (await pdfDownload).saveAs(pdfPath);
  const pdf = readFileSync(pdfPath);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const info = execFileSync("pdfinfo", [pdfPath]).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  expect(pages).toBeGreaterThanOrEqual(1);
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
  const firstPage = text.split("\f").find((p) => p.includes(heading.toUpperCase()));
  expect(firstPage, "a page with the first scene heading").toBeTruthy();

  // Fountain: the export reads back to the same elements the editor shows. (The PDF dialog must be gone
  // first: a click while it is closing lands on its fading overlay and the menu never opens.)
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Export" }).click();
  const fountainDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: /Fountain/ }).click();
  const download = await fountainDownload;
  expect(download.suggestedFilename()).toMatch(/^reelgraph-.*\.fountain$/);
  const fountainPath = testInfo.outputPath("script.fountain");
  await download.saveAs(fountainPath);
  const back = parseFountain(readFileSync(fountainPath, "utf8"));
  expect(back.elements.map((e) => e.content)).toEqual(shown);
});

test("Upload suggests the name of each chosen file, and a script is renamed from its card", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Renamer"));
  await openScripts(page, "Names");
  await page.getByRole("button", { name: "Upload" }).click();
  const fountain = (title: string) => Buffer.from(`INT. ${title.toUpperCase()} - NIGHT\n\nRain on the glass.\n`);
  await page.getByTestId("script-file-input").setInputFiles({ name: "diner.fountain", mimeType: "text/plain", buffer: fountain("diner") });
  await expect(page.getByLabel("Script name")).toHaveValue("diner");
  await page
    .getByTestId("script-file-input")
    .setInputFiles({ name: "bridge.fountain", mimeType: "text/plain", buffer: fountain("bridge") });
  await expect(page.getByLabel("Script name")).toHaveValue("bridge");
  await page.getByRole("button", { name: "Upload", exact: true }).last().click();
  await expect(page.getByTestId("screenplay-editor")).toBeVisible();
  await expect(elements(page).first()).toHaveValue("INT. BRIDGE - NIGHT");

  // A name the user typed is kept when another file is chosen.
  await page.getByRole("button", { name: "Exit" }).click();
  await page.getByRole("button", { name: "Upload" }).click();
  await page.getByLabel("Script name").fill("Act One");
  await page.getByTestId("script-file-input").setInputFiles({ name: "pier.fountain", mimeType: "text/plain", buffer: fountain("pier") });
  await expect(page.getByLabel("Script name")).toHaveValue("Act One");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Rename bridge" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename Script" });
  await dialog.getByLabel("Script name").fill("The Bridge");
  await page.screenshot({ path: testInfo.outputPath("rename-script.png") });
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("button", { name: "Open The Bridge" })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Scripts" }).click();
  await expect(page.getByRole("button", { name: "Open The Bridge" })).toBeVisible();
});
