/**
 * Sharing reaches the other user live. Two people in their own browsers: the owner shares
 * a project, and it appears in the member's Shared with me without a reload; the owner makes them an
 * editor, and their open canvas stops being view-only at once, with a toast; presence shows it to the owner.
 */
import { expect, test } from "@playwright/test";
import { canvas } from "./support/canvas";
import { newAccount, newProject, signInInBrowser, signUpByApi, signUpInBrowser } from "./support/studio";

test.use({ viewport: { width: 1440, height: 900 } });

test("a new share and a change to Can edit reach the member's open dashboard and canvas without a reload", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = newAccount("Olive");
  const member = newAccount("Milo");
  await signUpByApi(request, member);
  await signUpInBrowser(page, owner);
  const projectId = await newProject(page, "Rain Chase");
  await page.request.post(`/api/projects/${projectId}/structure`, { data: { nodes: [{ id: "shot-1", position: { x: 0, y: 0 } }] } });

  // The member waits on Shared with me, empty.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const milo = await context.newPage();
  await signInInBrowser(milo, member);
  await milo.getByRole("complementary", { name: "Studio navigation" }).getByRole("button", { name: "Shared with me" }).click();
  await expect(milo.getByRole("heading", { name: "Shared with me", level: 1 })).toBeVisible();
  await expect(milo.getByTestId("project-card")).toHaveCount(0);

  // The owner shares it, view only, from the Share dialog.
  await page.goto(`/?project=${projectId}`);
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByRole("button", { name: "Share", exact: true }).last().click();
  await expect(page.getByRole("list", { name: "Members" })).toContainText(member.email);

  // It appears on the member's dashboard with no reload.
  const shared = milo.getByRole("list", { name: "Shared with me" });
  await expect(shared.getByTestId("project-card")).toHaveCount(1);
  await expect(shared).toContainText("View only");
  await milo.screenshot({ path: "test-results/sharing-live-dashboard.png" });
  await shared.getByRole("button", { name: "Open Rain Chase" }).click();
  const c = canvas(milo);
  await expect(milo.getByRole("tab", { name: "Canvas" })).toHaveAttribute("aria-selected", "true");
  await expect(c.nodes).toHaveCount(1);
  await expect(milo.getByTestId("view-only-badge")).toBeVisible();
  await expect(milo.getByLabel("Prompt").first()).toBeDisabled();
  const avatar = page.getByTestId("presence-bar").locator('[data-testid="presence-avatar"][data-user-name="Milo"]');
  await expect(avatar).toHaveAttribute("data-can-edit", "false");

  // Can view → Can edit: the member's open canvas takes it at once, with a toast; the owner's bar shows it.
  await page.getByLabel(`Permission for ${member.email}`).click();
  await page.getByRole("option", { name: "Can edit" }).click();
  await expect(milo.getByText("Olive gave you edit access to Rain Chase")).toBeVisible();
  await expect(milo.getByTestId("view-only-badge")).toHaveCount(0);
  await expect(milo.getByLabel("Prompt").first()).toBeEnabled();
  await expect(avatar).toHaveAttribute("data-can-edit", "true");
  await milo.screenshot({ path: "test-results/sharing-live-edit.png" });
  // The member can now edit: a double-click on the empty canvas makes a node.
  await milo.locator(".react-flow__pane").dblclick({ position: { x: 60, y: 320 } });
  await expect
    .poll(async () => (await (await page.request.get(`/api/projects/nodes?projectId=${projectId}`)).json()).nodes.length, {
      timeout: 15_000,
    })
    .toBe(2);

  // …and back: Can view makes the canvas view-only again.
  await page.getByLabel(`Permission for ${member.email}`).click();
  await page.getByRole("option", { name: "Can view" }).click();
  await expect(milo.getByText("Olive made Rain Chase view-only for you")).toBeVisible();
  await expect(milo.getByTestId("view-only-badge")).toBeVisible();
  await expect(milo.getByLabel("Prompt").first()).toBeDisabled();
  await expect(avatar).toHaveAttribute("data-can-edit", "false");
  await context.close();
});
