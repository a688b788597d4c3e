import { expect, test, type Page } from "@playwright/test";
import { canvas } from "./support/canvas";
import { billing } from "./support/billing";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";
import { formatCredits } from "../domain/credits";

const toolbar = (page: Page) => page.getByTestId("generation-toolbar");

test("a new user runs a model, buys a pack and a plan with the test provider, cancels in the portal, and sees it all on the Billing page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Producer"));
  const projectId = await newProject(page, "Paid reel");

  // A run earlier in the journey, paid in credits.
  const c = canvas(page);
  await c.open(projectId);
  await c.doubleClickAt(200, 120);
  await c.rename("Untitled", "Key art");
  await c.select("Key art");
  await toolbar(page).getByRole("button", { name: "Image", exact: true }).click();
  await toolbar(page).getByLabel("Prompt").fill("a lighthouse at dusk");
  await toolbar(page).getByLabel("Prompt").press("Enter");
  await expect(page.getByText("Generation completed!")).toBeVisible({ timeout: 30_000 });
  const b = billing(page);
  const afterRun = await b.balance();

  // Pricing → a pack → the test checkout (TEST MODE) → back with the notice, and the balance up.
  await page.goto("/pricing");
  await expect(page.getByText("Test mode").first()).toBeVisible();
  await page.getByRole("button", { name: "Buy $5 pack" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/checkout\/cs_test_/);
  await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
  await expect(page.getByText("Starter credit pack")).toBeVisible();
  await page.screenshot({ path: "test-results/billing-test-checkout.png" });
  await b.pay("$5.00");
  await expect(b.notice).toHaveText("✅ Payment successful! Your credits will be added shortly.");
  await expect(page).toHaveURL(/payment=success&session_id=cs_test_/);
  await expect(page).not.toHaveURL(/payment=/, { timeout: 10_000 });
  await b.openUserMenu();
  await expect(b.creditsLine).toHaveText(`Credits: ${formatCredits(afterRun + 5000)} remaining`);
  await page.keyboard.press("Escape");

  // A cancelled checkout charges nothing.
  await b.choose("Buy $20 pack");
  await b.cancelCheckout();
  await expect(b.notice).toHaveText("❌ Payment cancelled. No charges were made.");

  // A plan, then the same plan again is refused, saying so.
  await b.choose("Choose Indie");
  await expect(page.getByText("Indie plan (monthly)")).toBeVisible();
  await b.pay("$12.00");
  await expect(b.notice).toBeVisible();
  await b.choose("Choose Indie");
  await expect(page.getByText("You are already on the Indie plan.")).toBeVisible();

  // Manage Subscription → the portal → cancel at period end.
  await page.goto("/");
  await b.fromUserMenu("Manage Subscription");
  await expect(page).toHaveURL(/\/billing\/test\/portal$/);
  await expect(page.getByText("Indie plan · monthly")).toBeVisible();
  await b.cancelPlanInPortal();
  await expect(b.portalRenewal).toHaveText(/^Cancels on /);
  await page.screenshot({ path: "test-results/billing-test-portal.png", fullPage: true });

  // Billing & Plans → pricing (spec) → its Billing link: the plan, the balance, both purchases and the run.
  await page.goto("/");
  await b.fromUserMenu("Billing & Plans");
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole("link", { name: "Billing and usage" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(b.plan).toContainText("Indie plan");
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await expect(b.purchases).toHaveCount(2);
  await expect(b.purchase("Starter credit pack")).toContainText("$5.00");
  // The pack has its receipt (the test provider's TEST MODE page), opened in a new tab.
  const receiptTab = page.context().waitForEvent("page");
  await b.receiptLink("Starter credit pack").click();
  const receipt = await receiptTab;
  await expect(receipt.getByText("Test mode: no card was charged and no money moved.")).toBeVisible();
  await expect(receipt.getByText("$5.00").first()).toBeVisible();
  await receipt.close();
  const run = b.usage;
  await expect(run).toHaveCount(1);
  await expect(run).toContainText("Paid reel");
  await expect(b.spendingChart).toBeVisible();
  await page.screenshot({ path: "test-results/billing-page.png", fullPage: true });
  const csv = await page.request.get("/api/billing/usage?format=csv");
  expect((await csv.text()).split("\r\n")[1]).toContain('"Paid reel"');

  // The run links its node: the canvas opens at it, selected.
  await expect(run).toContainText("Key art");
  // The balance is in credits, as the top bar shows it.
  await expect(b.pageBalance).toHaveText(/^\d{1,3}(,\d{3})* credits$/);
  await run.getByRole("link", { name: "Open Key art in Paid reel" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?project=${projectId}$`));
  await expect(page.locator(".react-flow__node.selected")).toContainText("Key art");
});

test("credits read in one unit; a new account is told its free credits arrive with the first project", async ({ page }, testInfo) => {
  await signUpInBrowser(page, newAccount("Newcomer"));
  const b = billing(page);
  await b.openUserMenu();
  await expect(b.creditsLine).toHaveText("Credits: 0 credits remaining");
  await expect(page.getByText("5,000 free credits arrive with your first project")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("promised-credits.png") });
  await page.keyboard.press("Escape");

  await page.goto(`/?project=${await newProject(page, "First reel")}`);
  await expect(b.balanceButton).toHaveText("5,000");
  await page.goto("/");
  await b.openUserMenu();
  await expect(b.creditsLine).toHaveText("Credits: 5,000 credits remaining");
  await expect(page.getByText("free credits arrive")).toHaveCount(0);
});
