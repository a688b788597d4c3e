import { expect, test } from "@playwright/test";
import { apiCall, dashboard, newAccount, PASSWORD, signUpByApi, signUpInBrowser } from "./support/studio";

test("a new user signs up, creates, renames, searches, sorts, opens, switches modes and deletes projects", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Studio by Reelgraph");
  const word = page.getByTestId("hero-word");
  const first = await word.textContent();
  await expect(word).not.toHaveText(first!, { timeout: 3000 });

  await signUpInBrowser(page, newAccount("Greta"));
  await expect(page).toHaveTitle("Studio");
  const dash = dashboard(page);

  // Create opens the new project; back returns to the dashboard.
  await dash.create("Night Swim");
  await expect(page.getByRole("tab", { name: "Canvas" })).toHaveAttribute("aria-selected", "true");
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(dash.card("Night Swim")).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId("project-name")).toHaveText("Night Swim");

  // Modes by keyboard, Alt+1..4.
  for (const [key, tab] of [
    ["1", "Scripts"],
    ["2", "Shot Lists"],
    ["3", "Assets"],
    ["4", "Canvas"],
  ] as const) {
    await page.keyboard.press(`Alt+${key}`);
    // exact: the Assets screen has its own "Project assets" tab.
    await expect(page.getByRole("tab", { name: tab, exact: true })).toHaveAttribute("aria-selected", "true");
  }
  await page.keyboard.press("Alt+3");
  await expect(page.getByRole("heading", { name: "Assets" })).toBeVisible();
  await expect(page.getByText("No assets yet")).toBeVisible();

  // Rename: Escape cancels, Enter commits, blur commits.
  const name = page.getByTestId("project-name");
  await name.click();
  await page.getByLabel("Project name").fill("Abandoned");
  await page.keyboard.press("Escape");
  await expect(name).toHaveText("Night Swim");
  await name.click();
  await page.getByLabel("Project name").fill("Night Swim II");
  await page.keyboard.press("Enter");
  await expect(name).toHaveText("Night Swim II");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await name.click();
  await page.getByLabel("Project name").fill("Night Swim III");
  await page.getByRole("button", { name: "Start Tutorial" }).click(); // blur
  await expect(name).toHaveText("Night Swim III");
  await page.keyboard.press("Escape");

  // The name survives a reload (saved on the server).
  await page.reload();
  await expect(name).toHaveText("Night Swim III");

  await page.getByRole("button", { name: "Back to projects" }).click();
  await dash.create("Aurora");
  await page.getByRole("button", { name: "Back to projects" }).click();
  await dash.create("Bluebird");
  await page.getByRole("button", { name: "Back to projects" }).click();

  // A duplicate name is refused with the server's message, and nothing is created.
  await page.getByRole("button", { name: "Project", exact: true }).click();
  await page.getByLabel("Project Name").fill("aurora");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("alert")).toHaveText('A project named "aurora" already exists');
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(dash.cards()).toHaveCount(3);

  // Sort and search.
  await expect.poll(dash.names).toEqual(["Bluebird", "Aurora", "Night Swim III"]);
  await dash.sort("Alphabetical", "A to Z");
  await expect.poll(dash.names).toEqual(["Aurora", "Bluebird", "Night Swim III"]);
  await dash.sort("Alphabetical", "Z to A");
  await expect.poll(dash.names).toEqual(["Night Swim III", "Bluebird", "Aurora"]);
  await dash.sort("Date created", "Oldest first");
  await expect.poll(dash.names).toEqual(["Night Swim III", "Aurora", "Bluebird"]);
  await dash.search("BLUE");
  await expect.poll(dash.names).toEqual(["Bluebird"]);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(dash.cards()).toHaveCount(3);

  // Delete after confirming.
  await dash.card("Aurora").getByRole("button", { name: "Delete Aurora" }).click();
  await expect(page.getByText("Are you sure you want to delete this project? This action cannot be undone.")).toBeVisible();
  await page.getByRole("button", { name: "Delete project" }).click();
  await expect(dash.card("Aurora")).toHaveCount(0);
  // The sort choice (Date created, oldest first) is remembered across a reload.
  await page.reload();
  await expect(page.getByRole("button", { name: /^Sort:/ })).toHaveAccessibleName("Sort: Date created, Oldest first");
  await expect.poll(dash.names).toEqual(["Night Swim III", "Bluebird"]);
});

test("a stranger opening a private project sees Access Denied and can go home", async ({ page, request }) => {
  const ownerToken = await signUpByApi(request, newAccount("Owner"));
  const project = await apiCall(request, ownerToken, "post", "/api/projects", { name: "Secret Cut" });

  await signUpInBrowser(page, newAccount("Stranger"));
  await page.goto(`/?project=${project.body.id}`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByTestId("access-denied-message")).toHaveText("This project is private and you haven't been invited to view it.");
  await expect(page.getByText("To access this project, you need to be invited by the project owner")).toBeVisible();
  await expect(page.getByText("Secret Cut")).toHaveCount(0);
  await page.getByRole("button", { name: "Go Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "All Projects" })).toBeVisible();
});

test("the owner shares a project as view-only; the member finds it under Shared with me and can only look", async ({
  page,
  browser,
  request,
}) => {
  const owner = newAccount("Owner");
  const viewer = newAccount("Viewer");
  await signUpByApi(request, viewer);

  await signUpInBrowser(page, owner);
  await dashboard(page).create("Dailies");
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByLabel("E-mail").fill(viewer.email);
  await page.getByRole("button", { name: "Share", exact: true }).last().click();
  await expect(page.getByRole("list", { name: "Members" })).toContainText(viewer.email);
  await page.keyboard.press("Escape");

  // The viewer opens the shared link signed out: sign-in first, then straight into the project.
  const sharedLink = page.url();
  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  await viewerPage.goto(sharedLink);
  await expect(viewerPage).toHaveURL(/\/login\?next=/);
  await viewerPage.getByLabel("E-mail").fill(viewer.email);
  await viewerPage.getByLabel("Password").fill(PASSWORD);
  await viewerPage.getByRole("button", { name: "Sign in" }).last().click();
  await expect(viewerPage).toHaveURL(sharedLink);
  await expect(viewerPage.getByTestId("project-name")).toHaveText("Dailies");

  await viewerPage.getByRole("button", { name: "Back to projects" }).click();
  // My Projects holds the viewer's own projects only; the shared one is under Shared with me.
  await expect(viewerPage.getByRole("heading", { name: "All Projects" })).toBeVisible();
  await expect(viewerPage.getByRole("button", { name: "Open Dailies" })).toHaveCount(0);
  await viewerPage.getByRole("complementary", { name: "Studio navigation" }).getByRole("button", { name: "Shared with me" }).click();
  const shared = viewerPage.getByRole("list", { name: "Shared with me" });
  await expect(shared.getByTestId("project-card")).toHaveCount(1);
  await expect(shared).toContainText("View only");
  await expect(shared).toContainText("Shared by Owner");
  await shared.getByRole("button", { name: "Open Dailies" }).click();
  await expect(viewerPage.getByTestId("view-only-badge")).toBeVisible();
  await expect(viewerPage.getByTestId("project-name")).toBeDisabled();
  await expect(viewerPage.getByRole("button", { name: "Share" })).toHaveCount(0);
  await context.close();
});

test("on a narrow window a signed-in user sees the mobile gate and can leave", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 500, height: 900 } });
  const page = await context.newPage();
  await signUpInBrowser(page, newAccount("Phone"), { expectDashboard: false });
  await expect(page.getByText("Sorry, Studio is only available on Desktop right now.")).toBeVisible();
  await expect(page.getByText("We're working hard to bring it to you everywhere.")).toBeVisible();
  await page.getByRole("button", { name: "← Back to Home" }).click();
  await expect(page).toHaveTitle("Studio by Reelgraph");
  await expect(page.getByTestId("hero-word")).toBeVisible();
  await context.close();
});

test("a payment return shows its notice and then leaves the address clean", async ({ page }) => {
  await page.goto("/?payment=cancelled&session_id=cs_test_1");
  await expect(page.getByTestId("payment-notice")).toHaveText("❌ Payment cancelled. No charges were made.");
  await expect(page).toHaveURL(/\/$/, { timeout: 7000 });
  await expect(page.getByTestId("payment-notice")).toHaveCount(0);
});
