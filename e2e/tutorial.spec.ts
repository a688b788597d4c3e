import { expect, test, type Locator, type Page } from "@playwright/test";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

test.use({ viewport: { width: 1440, height: 900 } });

/** The ring is drawn around this control: its box holds the control's. */
async function expectRingAround(page: Page, control: Locator) {
  const ring = page.getByTestId("tutorial-spotlight");
  await expect(ring).toBeVisible();
  await expect
    .poll(async () => {
      const [r, c] = await Promise.all([ring.boundingBox(), control.boundingBox()]);
      if (!r || !c) return false;
      return r.x <= c.x && r.y <= c.y && r.x + r.width >= c.x + c.width && r.y + r.height >= c.y + c.height && r.width < c.width + 20;
    })
    .toBe(true);
}

test("the tutorial points at the real controls, step by step, switching mode where a control lives", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Learner"));
  const projectId = await newProject(page, "First steps");
  await page.goto(`/?project=${projectId}`);
  await page.getByRole("tab", { name: "Scripts" }).click();
  await page.getByRole("button", { name: "Start Tutorial" }).click();
  const card = page.getByRole("dialog", { name: "Four modes, one project" });
  await expect(card).toContainText("Step 1 of 9");
  await expectRingAround(page, page.getByRole("tablist", { name: "Workspace mode" }));
  await page.screenshot({ path: test.info().outputPath("tour-1-modes.png") });

  await card.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "Write" })).toBeVisible();
  await expectRingAround(page, page.getByRole("tab", { name: "Scripts" }));
  // The keyboard moves through it too.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Everything you made" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  // The prompt lives on the canvas: the tour goes there and rings it.
  await expect(page.getByRole("dialog", { name: "Describe it, press Enter" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Canvas" })).toHaveAttribute("aria-selected", "true");
  await expectRingAround(page, page.getByTestId("generation-toolbar"));
  await page.screenshot({ path: test.info().outputPath("tour-5-prompt.png") });
  await page.getByRole("button", { name: "Next" }).click();
  await expectRingAround(page, page.getByRole("toolbar", { name: "Canvas tools" }));
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Describe it, press Enter" })).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "Work together" })).toBeVisible();
  await expectRingAround(page, page.getByRole("button", { name: "Share" }));
  await page.getByRole("button", { name: "Next" }).click();
  const lastCard = page.getByRole("dialog", { name: "Credits" });
  await expect(lastCard).toContainText("Step 9 of 9");
  await expectRingAround(page, page.getByRole("button", { name: "Credits and plans" }));
  await page.screenshot({ path: test.info().outputPath("tour-9-credits.png") });
  await lastCard.getByRole("button", { name: "Start creating" }).click();
  await expect(page.getByTestId("tutorial-tour")).toHaveCount(0);

  // Escape leaves it at any step.
  await page.getByRole("button", { name: "Start Tutorial" }).click();
  await expect(page.getByTestId("tutorial-tour")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("tutorial-tour")).toHaveCount(0);
});
