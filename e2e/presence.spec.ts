/**
 * Working together, as three members would: an owner, an editor and a view-only member open the
 * same project in their own browsers. They see each other in the top bar and each other's cursors and
 * selections on the canvas; the owner follows the editor's view and mode; the viewer sees but cannot edit;
 * a member who closes the tab leaves the others' bars.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiCall, newAccount, signInInBrowser, signUpByApi, type Account } from "./support/studio";

async function openAs(browser: Browser, account: Account, projectId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInInBrowser(page, account);
  await page.goto(`/?project=${projectId}`);
  await expect(page.getByRole("tab", { name: "Canvas" })).toHaveAttribute("aria-selected", "true");
  await expect(page.locator(".react-flow__node")).toHaveCount(1);
  return page;
}

const avatar = (page: Page, name: string) =>
  page.getByTestId("presence-bar").locator(`[data-testid="presence-avatar"][data-user-name="${name}"]`);
const viewportOf = (page: Page) => page.locator(".react-flow__viewport").evaluate((el) => getComputedStyle(el).transform);

test("three members see each other, their cursors and selections; one follows another; a closed tab leaves", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = newAccount("Olive");
  const editor = newAccount("Bea");
  const viewer = newAccount("Cato");
  const token = await signUpByApi(request, owner);
  await signUpByApi(request, editor);
  await signUpByApi(request, viewer);
  const project = await apiCall(request, token, "post", "/api/projects", { name: "Table read" });
  const projectId = project.body.id as string;
  await apiCall(request, token, "post", `/api/projects/${projectId}/structure`, { nodes: [{ id: "scene-1", position: { x: 0, y: 0 } }] });
  await apiCall(request, token, "post", `/api/projects/${projectId}/members`, { email: editor.email, permission: "edit" });
  await apiCall(request, token, "post", `/api/projects/${projectId}/members`, { email: viewer.email, permission: "view" });
  await apiCall(request, token, "post", `/api/projects/${projectId}/scripts`, { name: "Cold open" });

  const olive = await openAs(browser, owner, projectId);
  const bea = await openAs(browser, editor, projectId);
  const cato = await openAs(browser, viewer, projectId);

  // Everyone sees the two others in the top bar, never themselves.
  await expect(avatar(olive, "Bea")).toBeVisible();
  await expect(avatar(olive, "Cato")).toBeVisible();
  await expect(avatar(bea, "Olive")).toBeVisible();
  await expect(avatar(cato, "Olive")).toBeVisible();
  await expect(avatar(olive, "Olive")).toHaveCount(0);
  await expect(avatar(olive, "Bea")).toHaveAccessibleName("Follow Bea (Canvas)");

  // Bea's pointer on the canvas is drawn, with her name, for Olive and for the viewer.
  const pane = bea.locator(".react-flow__pane");
  const box = (await pane.boundingBox())!;
  await bea.mouse.move(box.x + 300, box.y + 300);
  await bea.mouse.move(box.x + 340, box.y + 320, { steps: 5 });
  await expect(olive.locator('[data-testid="peer-cursor"][data-user-name="Bea"]')).toBeVisible();
  await expect(cato.locator('[data-testid="peer-cursor"][data-user-name="Bea"]')).toBeVisible();

  // Bea selects the node: it has her outline on Olive's canvas.
  await bea.locator(".react-flow__node").first().click();
  await olive.screenshot({ path: "test-results/presence-cursor.png" });
  await expect
    .poll(() =>
      olive
        .getByTestId("peer-selections")
        .evaluate((el) => el.textContent ?? "")
        .catch(() => ""),
    )
    .toContain('data-id="scene-1"');
  await olive.screenshot({ path: "test-results/presence-selection.png" });

  // Olive follows Bea: Bea's pan moves Olive's view; Bea's change of mode takes Olive along.
  await avatar(olive, "Bea").click();
  await expect(olive.getByTestId("following-badge")).toContainText("Following Bea");
  await bea.mouse.move(box.x + 400, box.y + 400);
  await bea.mouse.wheel(0, 400);
  await expect.poll(async () => (await viewportOf(olive)) === (await viewportOf(bea)), { timeout: 10_000 }).toBe(true);
  await bea.keyboard.press("Alt+1");
  await expect(olive.getByRole("tab", { name: "Scripts" })).toHaveAttribute("aria-selected", "true");
  await expect(avatar(cato, "Bea")).toHaveAccessibleName("Follow Bea (Scripts)");
  // Bea opens a script: Olive, following, is in it too; the viewer's Scripts list says who is in it.
  await bea.getByRole("button", { name: "Open Cold open" }).click();
  await expect(olive.getByTestId("screenplay-page")).toBeVisible();
  const editorBar = olive.locator("header", { has: olive.getByRole("button", { name: "Exit" }) });
  await expect(editorBar.getByTestId("script-peers")).toHaveText("Bea is editing");
  await cato.keyboard.press("Alt+1");
  await expect(cato.getByTestId("script-card").filter({ hasText: "Cold open" }).getByTestId("script-peers")).toHaveText(
    /^(Bea and Olive|Olive and Bea) are editing$/,
  );
  await olive.getByRole("button", { name: "Exit" }).click();
  await expect(olive.getByTestId("following-badge")).toHaveCount(0);
  await cato.keyboard.press("Alt+4");
  // Leaving the script herself stopped Olive's following; she goes back to the canvas.
  await olive.keyboard.press("Alt+4");

  // The viewer is here and sees everything, but cannot change it.
  await expect(cato.getByTestId("view-only-badge")).toBeVisible();
  await expect(avatar(olive, "Cato")).toHaveAttribute("aria-label", "Follow Cato (Canvas)");
  await cato.locator(".react-flow__pane").dblclick({ position: { x: 200, y: 200 } });
  await expect(cato.locator(".react-flow__node")).toHaveCount(1);

  // Bea closes her tab: she leaves the others' bars.
  await bea.context().close();
  await expect(avatar(olive, "Bea")).toHaveCount(0);
  await expect(avatar(cato, "Bea")).toHaveCount(0);
  await olive.screenshot({ path: "test-results/presence-owner.png" });
  await olive.context().close();
  await cato.context().close();
});
