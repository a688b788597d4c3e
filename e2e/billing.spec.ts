import { expect, test, type Page } from "@playwright/test";
import { canvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";
import { formatCredits } from "../domain/credits";

const toolbar = (page: Page) => page.getByTestId("generation-toolbar");
const balance = async (page: Page) =>
  Number((await page.getByRole("button", { name: "Credits and plans" }).innerText()).replace(/\D/g, ""));

async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: /^Account menu for / }).click();
}

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
  const afterRun = await balance(page);

  // Pricing → a pack → the test checkout (TEST MODE) → back with the notice, and the balance up.
  await page.goto("/pricing");
  await expect(page.getByText("Test mode").first()).toBeVisible();
  await page.getByRole("button", { name: "Buy $5 pack" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/checkout\/cs_test_/);
  await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
  await expect(page.getByText("Starter credit pack")).toBeVisible();
  await page.screenshot({ path: "test-results/billing-test-checkout.png" });
  await page.getByRole("button", { name: "Pay $5.00 (test)" }).click();
  await expect(page.getByTestId("payment-notice")).toHaveText("✅ Payment successful! Your credits will be added shortly.");
  await expect(page).toHaveURL(/payment=success&session_id=cs_test_/);
  await expect(page).not.toHaveURL(/payment=/, { timeout: 10_000 });
  await openUserMenu(page);
  await expect(page.getByTestId("credits-line")).toHaveText(`Credits: ${formatCredits(afterRun + 5000)} remaining`);
  await page.keyboard.press("Escape");

  // A cancelled checkout charges nothing.
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Buy $20 pack" }).click();
  await page.getByRole("button", { name: "Cancel and return to the studio" }).click();
  await expect(page.getByTestId("payment-notice")).toHaveText("❌ Payment cancelled. No charges were made.");

  // A plan, then the same plan again is refused, saying so.
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Choose Indie" }).click();
  await expect(page.getByText("Indie plan (monthly)")).toBeVisible();
  await page.getByRole("button", { name: "Pay $12.00 (test)" }).click();
  await expect(page.getByTestId("payment-notice")).toBeVisible();
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Choose Indie" }).click();
  await expect(page.getByText("You are already on the Indie plan.")).toBeVisible();

  // Manage Subscription → the portal → cancel at period end.
  await page.goto("/");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Manage Subscription" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/portal$/);
  await expect(page.getByText("Indie plan · monthly")).toBeVisible();
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page.getByTestId("portal-renewal")).toHaveText(/^Cancels on /);
  await page.screenshot({ path: "test-results/billing-test-portal.png", fullPage: true });

  // Billing & Plans → pricing (spec) → its Billing link: the plan, the balance, both purchases and the run.
  await page.goto("/");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Billing & Plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole("link", { name: "Billing and usage" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId("billing-plan")).toContainText("Indie plan");
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await expect(page.getByTestId("purchase-row")).toHaveCount(2);
  await expect(page.getByTestId("purchase-row").filter({ hasText: "Starter credit pack" })).toContainText("$5.00");
  // The pack has its receipt (the test provider's TEST MODE page), opened in a new tab.
  const receiptTab = page.context().waitForEvent("page");
  await page
    .getByTestId("purchase-row")
    .filter({ hasText: "Starter credit pack" })
    .getByRole("link", { name: /^Receipt for Starter credit pack/ })
    .click();
  const receipt = await receiptTab;
  await expect(receipt.getByText("Test mode: no card was charged and no money moved.")).toBeVisible();
  await expect(receipt.getByText("$5.00").first()).toBeVisible();
  await receipt.close();
  const run = page.getByTestId("usage-row");
  await expect(run).toHaveCount(1);
  await expect(run).toContainText("Paid reel");
  await expect(page.getByRole("img", { name: /Credits spent per day over the last 30 days/ })).toBeVisible();
  await page.screenshot({ path: "test-results/billing-page.png", fullPage: true });
  const csv = await page.request.get("/api/billing/usage?format=csv");
  expect((await csv.text()).split("\r\n")[1]).toContain('"Paid reel"');

  // The run links its node: the canvas opens at it, selected.
  await expect(run).toContainText("Key art");
  // The balance is in credits, as the top bar shows it (issue 31, 10).
  await expect(page.getByTestId("billing-balance")).toHaveText(/^\d{1,3}(,\d{3})* credits$/);
  await run.getByRole("link", { name: "Open Key art in Paid reel" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?project=${projectId}$`));
  await expect(page.locator(".react-flow__node.selected")).toContainText("Key art");
});

test("credits read in one unit; a new account is told its free credits arrive with the first project (issue 31, item 10)", async ({
  page,
}, testInfo) => {
  await signUpInBrowser(page, newAccount("Newcomer"));
  await openUserMenu(page);
  await expect(page.getByTestId("credits-line")).toHaveText("Credits: 0 credits remaining");
  await expect(page.getByText("5,000 free credits arrive with your first project")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("promised-credits.png") });
  await page.keyboard.press("Escape");

  await page.goto(`/?project=${await newProject(page, "First reel")}`);
  await expect(page.getByRole("button", { name: "Credits and plans" })).toHaveText("5,000");
  await page.goto("/");
  await openUserMenu(page);
  await expect(page.getByTestId("credits-line")).toHaveText("Credits: 5,000 credits remaining");
  await expect(page.getByText("free credits arrive")).toHaveCount(0);
});
