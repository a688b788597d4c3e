import { expect, type Page } from "@playwright/test";

/** The shot list editor as a small page object: what a user does, in their words. */
export function shotListEditor(page: Page) {
  const card = (n: number) => page.getByRole("group", { name: `Shot ${n}`, exact: true });
  /**
   * The in-place button of a scene or shot field ('Location', 'Shot 3 subject'): its name is the label, then what
   * the field shows (`shows`, a regular expression's text, when given).
   */
  const field = (label: string, shows?: string) => page.getByRole("button", { name: new RegExp(`^${label}:${shows ? ` ${shows}` : ""}`) });
  return {
    editor: page.getByTestId("shotlist-editor"),
    card,
    cards: page.getByTestId("shot-card"),
    /** The shot cards whose text contains `text`. */
    shotWith: (text: string) => page.getByTestId("shot-card").filter({ hasText: text }),
    summary: page.getByTestId("shotlist-summary"),
    field,
    /** A shot's description as its card shows it. */
    description: (shot: number, text: string) => card(shot).getByRole("button", { name: new RegExp(`description: ${text}`) }),
    async editText(label: string | RegExp, value: string, scope = page.locator("body")) {
      await scope.getByRole("button", { name: typeof label === "string" ? new RegExp(`^${label}:`) : label }).click();
      const field = scope.getByRole("textbox", { name: typeof label === "string" ? label : undefined });
      await field.fill(value);
      await field.press("Enter");
    },
    /** Starts editing a field, types, and leaves with Escape (which keeps the field as it was). */
    async typeAndEscape(label: string, value: string) {
      await field(label).click();
      await page.getByRole("textbox", { name: label }).fill(value);
      await page.getByRole("textbox", { name: label }).press("Escape");
    },
    choice: (shot: number, field: string) => page.getByRole("combobox", { name: `Shot ${shot} ${field}` }),
    async choose(shot: number, field: string, option: string) {
      await page.getByRole("combobox", { name: `Shot ${shot} ${field}` }).click();
      await page.getByRole("option", { name: option, exact: true }).click();
    },
    /** A mouse drag by the shot's handle onto another shot, in small steps as a hand would. */
    async dragShot(from: number, to: number) {
      const handle = (await page.getByRole("button", { name: `Reorder Shot ${from}: drag, or press Alt+Arrow Up or Down` }).boundingBox())!;
      const target = (await card(to).getByTestId("shot-number").boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + 30, handle.y + 30, { steps: 5 });
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
      await page.mouse.up();
    },
    /** Moves a shot one place up from the keyboard (its reorder handle focused, Alt+Arrow Up). */
    async moveShotUp(shot: number) {
      await page.getByRole("button", { name: new RegExp(`^Reorder Shot ${shot}`) }).focus();
      await page.keyboard.press("Alt+ArrowUp");
    },
    reorderAnnouncement: page.getByTestId("reorder-announcement"),
    async addImage(shot: number, file: { name: string; mimeType: string; buffer: Buffer }) {
      await card(shot).getByTestId("shot-image-input").setInputFiles(file);
    },
    image: (shot: number) => card(shot).getByRole("img", { name: `Shot ${shot} image` }),
    async sendToCanvas(shot: number) {
      await card(shot)
        .getByRole("button", { name: `Export Shot ${shot} to canvas` })
        .click();
    },
    async exportAs(item: RegExp) {
      await page.getByRole("button", { name: "Export", exact: true }).click();
      const download = page.waitForEvent("download");
      await page.getByRole("menuitem", { name: item }).click();
      return download;
    },
    async saved() {
      await expect(page.getByTestId("shotlist-save-status")).toHaveText("Saved", { timeout: 10_000 });
    },
  };
}

/** The Shot Lists tab's list of shot lists, and the New Shot List setup. */
export function shotLists(page: Page) {
  const listCard = (name: string) => page.getByTestId("shotlist-card").filter({ hasText: name });
  return {
    listCard,
    async open(name: string) {
      await listCard(name)
        .getByRole("button", { name: `Open ${name}` })
        .click();
    },
    async backToLists() {
      await page.getByRole("button", { name: "Back to shot lists" }).click();
    },
    async showTab() {
      await page.getByRole("tab", { name: "Shot Lists" }).click();
    },
    /** New Shot List, named: the name step, then the setup screen (which the caller checks and confirms). */
    async startNew(name: string) {
      await page.getByRole("button", { name: "New Shot List" }).first().click();
      await expect(page.getByLabel("Shot list name")).toHaveValue("Shot list 1");
      await page.getByLabel("Shot list name").fill(name);
      await page.getByRole("button", { name: "Continue" }).click();
    },
    nameField: page.getByLabel("Shot list name"),
    shotCountField: page.getByLabel("Number of shots"),
    async create() {
      await page.getByRole("button", { name: "Create Shot List" }).click();
    },
  };
}

/**
 * Opens a new project straight in the Shot Lists tab (the tab a project reopens in is kept per browser tab).
 * Opening it on the canvas first would start a canvas preload that app/project/preload.ts can hand out
 * later, stale, when the canvas is shown again; a journey about shot lists starts here instead.
 */
export async function openShotLists(page: Page, projectName: string) {
  const res = await page.request.post("/api/projects", { data: { name: projectName } });
  const { id } = await res.json();
  await page.evaluate((key) => sessionStorage.setItem(key, "shotLists"), `reelgraph.mode.${id}`);
  await page.goto(`/?project=${id}`);
  await expect(page.getByRole("tab", { name: "Shot Lists" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Shot Lists" })).toBeVisible();
  return id as string;
}
