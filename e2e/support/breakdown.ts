import { expect, type Page } from "@playwright/test";

/** The script editor's Break down menu, its report, coverage markers, and the shot list's storyboard and animatic dialogs. */
export function breakdown(page: Page) {
  const elements = page.getByTestId("screenplay-page").locator("textarea[data-element-type]");
  const reportDialog = page.getByRole("dialog", { name: "Breakdown report" });
  return {
    /** The screenplay's element fields, in order. */
    elements,
    /** The id of the element whose text is `text`. */
    elementId: (text: string) =>
      elements.evaluateAll(
        (els, wanted) => els.find((e) => (e as HTMLTextAreaElement).value === wanted)!.getAttribute("data-element-id"),
        text,
      ),
    line: (elementId: string | null) => page.locator(`textarea[data-element-id="${elementId}"]`),
    /** The coverage marker beside an element (a line broken down into shots). */
    marker: (elementId: string | null) => page.locator(`[data-element-row="${elementId}"]`).getByTestId("coverage-marker"),
    async openMenu() {
      await page.getByRole("button", { name: "Break down" }).click();
    },
    wholeScriptItem: page.getByRole("menuitem", { name: "Whole script" }),
    async wholeScript() {
      await this.openMenu();
      await page.getByRole("menuitem", { name: "Whole script" }).click();
    },
    /** Breaks the whole script down and opens the list from the toast. */
    async intoShotList() {
      await this.wholeScript();
      await page.getByRole("button", { name: "Open shot list" }).click();
      await expect(page.getByTestId("shotlist-editor")).toBeVisible();
    },
    report: page.getByTestId("breakdown-report"),
    async openReport() {
      await this.openMenu();
      await page.getByRole("menuitem", { name: "Breakdown report…" }).click();
    },
    async closeReport() {
      await reportDialog.getByRole("button", { name: "Close" }).click();
    },
    /** A scene of the open shot list, by its heading. */
    scene: (heading: string) => page.getByTestId("scene-panel").filter({ hasText: heading }),
    storyboardDialog: page.getByRole("dialog", { name: "Storyboard scene" }),
    animaticDialog: page.getByRole("dialog", { name: "Make animatic" }),
  };
}

/** Opens a new project's Scripts tab and uploads `fdx` as Harbor.fdx, open in the screenplay editor. */
export async function importScript(page: Page, fdx: string) {
  const res = await page.request.post("/api/projects", { data: { name: "Harbor Film" } });
  const { id } = await res.json();
  await page.goto(`/?project=${id}`);
  await expect(page.getByRole("tab", { name: "Scripts" })).toBeVisible();
  await page.keyboard.press("Alt+1");
  await expect(page.getByRole("heading", { name: "Scripts" })).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await page.getByTestId("script-file-input").setInputFiles({ name: "Harbor.fdx", mimeType: "application/xml", buffer: Buffer.from(fdx) });
  await page.getByRole("button", { name: "Upload", exact: true }).last().click();
  await expect(page.getByTestId("screenplay-editor")).toBeVisible();
}
