import { expect, test, type Page } from "@playwright/test";
import { solidPng } from "./support/png";
import { canvas, serverCanvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

/** The canvas's Assets dialog as a small page object. */
function assetsDialog(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Assets" });
  return {
    dialog,
    files: dialog.getByTestId("library-asset"),
    file: (name: string) => dialog.getByTestId("library-asset").filter({ hasText: name }),
    async open() {
      await page.getByRole("toolbar", { name: "Canvas tools" }).getByRole("button", { name: "Assets" }).click();
      await expect(dialog).toBeVisible();
    },
    async upload(name: string, bytes: Buffer) {
      await dialog.getByTestId("asset-file-input").setInputFiles({ name, mimeType: "image/png", buffer: bytes });
    },
    search: (text: string) => dialog.getByRole("searchbox", { name: "Search assets" }).fill(text),
    select: (name: string) => dialog.getByRole("button", { name: `Select ${name}` }).click(),
    insert: () => dialog.getByRole("button", { name: "Insert Selected" }).click(),
  };
}

test("a new user uploads a PNG in the Assets dialog, finds it, inserts it as a node, and deletes it", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Librarian"));
  const projectId = await newProject(page, "Library");
  const c = canvas(page);
  await c.open(projectId);

  const assets = assetsDialog(page);
  await assets.open();
  await expect(assets.dialog.getByText("No files uploaded")).toBeVisible();
  await expect(assets.dialog.getByRole("button", { name: "Insert Selected" })).toBeDisabled();

  await assets.upload("harbour-dawn.png", solidPng(160, 90, [47, 211, 168]));
  await expect(page.getByText("Uploaded", { exact: true })).toBeVisible();
  await expect(assets.file("harbour-dawn.png")).toBeVisible();
  await expect(assets.file("harbour-dawn.png").locator("img")).toHaveJSProperty("naturalWidth", 160);

  // A second file, to see the search narrow the grid by name and by type.
  await assets.upload("night-exterior.png", solidPng(90, 160, [124, 140, 255]));
  await expect(assets.files).toHaveCount(2);
  await assets.search("HARBOUR");
  await expect(assets.files).toHaveCount(1);
  await expect(assets.file("harbour-dawn.png")).toBeVisible();
  await assets.search("image/png");
  await expect(assets.files).toHaveCount(2);
  await assets.search("harbour");

  await assets.dialog.getByRole("tab", { name: "Stock" }).click();
  await expect(assets.dialog.getByTestId("stock-disabled")).toContainText("UNSPLASH_ACCESS_KEY");
  await assets.dialog.getByRole("tab", { name: "My Files" }).click();
  await expect(assets.files).toHaveCount(1);

  await assets.select("harbour-dawn.png");
  await expect(assets.dialog.getByText("1 selected")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("assets-dialog.png") });
  await assets.insert();
  await expect(assets.dialog).toBeHidden();

  // The node shows the image, is saved with project media (not the library file), and is 16:9.
  const img = c.image("harbour-dawn");
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(160);
  await expect.poll(async () => (await serverCanvas(page.request, null, projectId)).nodes[0]?.data.aspectRatio).toBe("16:9");
  const saved = (await serverCanvas(page.request, null, projectId)).nodes[0]!;
  expect(saved.data).toMatchObject({ contentType: "image", status: "completed", title: "harbour-dawn" });
  expect(saved.data.mediaUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);

  // Deleting the file from the library leaves the node's copy in place.
  await assets.open();
  await expect(assets.files).toHaveCount(2);
  await assets.file("harbour-dawn.png").hover();
  await assets.dialog.getByRole("button", { name: "Delete harbour-dawn.png" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete harbour-dawn.png?" });
  await expect(confirm).toContainText("Nodes that already show it keep their copy.");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
  await expect(assets.files).toHaveCount(1);
  await expect(assets.file("night-exterior.png")).toBeVisible();
  await assets.dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(assets.dialog).toBeHidden();
  const media = await page.request.get(saved.data.mediaUrl as string);
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("image/png");
});
