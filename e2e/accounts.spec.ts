import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { newAccount, PASSWORD, signUpByApi } from "./support/studio";
import { E2E_AUTH_SECRET, E2E_PORT } from "./support/servers";
import { RESET_WITHOUT_MAIL } from "../domain/auth";

/** The sign-in form as a small page object; each submit waits for the server's answer. */
function signInForm(page: Page) {
  const form = page.getByRole("form", { name: "Sign in" });
  return {
    async submit(email: string, password: string) {
      await form.getByLabel("E-mail").fill(email);
      await form.getByLabel("Password").fill(password);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email")),
        form.getByRole("button", { name: "Sign in" }).click(),
      ]);
    },
    error: () => form.getByRole("alert"),
  };
}

test("a user who mistypes the password six times is told to wait, waits, and signs in", async ({ page, request }) => {
  const account = newAccount("Fumbler");
  await signUpByApi(request, account);
  await page.goto("/login");
  const form = signInForm(page);

  for (let i = 1; i <= 5; i++) {
    await form.submit(account.email, `not my password ${i}`);
    await expect(form.error()).toHaveText("Invalid email or password");
  }
  await form.submit(account.email, "not my password 6");
  await expect(form.error()).toHaveText(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);

  // Wait as long as the message says (the e2e server's window is seconds long), then sign in.
  const seconds = Number((await form.error().innerText()).match(/wait (\d+) second/)?.[1]);
  expect(seconds).toBeGreaterThan(0);
  await page.waitForTimeout(seconds * 1000 + 250);
  await form.submit(account.email, PASSWORD);
  await expect(page.getByRole("heading", { name: "All Projects" })).toBeVisible();
});

test("the create-account form says why a password is refused as it is typed", async ({ page }) => {
  const account = newAccount("Picky");
  await page.goto("/login?access-code=studio");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Name").fill(account.name);
  await form.getByLabel("E-mail").fill(account.email);
  const password = form.getByLabel("Password");
  await password.fill("password");
  await expect(form.getByText("This password is too common. Choose one that is harder to guess.")).toBeVisible();
  await password.fill("========");
  await expect(form.getByText("Password cannot be one character repeated")).toBeVisible();
  await password.fill(account.email);
  await expect(form.getByText("Password cannot be your e-mail address or name")).toBeVisible();
  await password.fill(PASSWORD);
  await expect(form.getByText("Good: this password meets the rules")).toBeVisible();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "All Projects" })).toBeVisible();
});

test("a user who forgot the password on a studio without mail gets a one-time link from the operator's admin command and signs in with a new one", async ({
  page,
  request,
}) => {
  const account = newAccount("Forgetful");
  await signUpByApi(request, account);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  const forgot = page.getByRole("form", { name: "Forgot password" });
  await forgot.getByLabel("E-mail").fill(account.email);
  await forgot.getByRole("button", { name: "Send reset link" }).click();
  await expect(forgot.getByRole("alert")).toHaveText(RESET_WITHOUT_MAIL);
  await page.screenshot({ path: test.info().outputPath("forgot-without-mail.png") });

  // The operator, on the studio's machine (same secret and port; the running studio issues the link).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "reelgraph-admin-"));
  const printed = execFileSync("node", ["--import", "tsx", "server/admin.ts", "reset-password", account.email], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
      BASE_URL: `http://localhost:${E2E_PORT}`,
    },
    encoding: "utf8",
  });
  const link = printed.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, printed).toBeDefined();

  await page.goto(link!);
  const reset = page.getByRole("form", { name: "Choose a new password" });
  await reset.getByLabel("New password").fill("password");
  await reset.getByRole("button", { name: "Save new password" }).click();
  await expect(reset.getByRole("alert")).toHaveText("This password is too common. Choose one that is harder to guess.");
  await reset.getByLabel("New password").fill("a lantern in the fog");
  await reset.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed.");
  await page.screenshot({ path: test.info().outputPath("reset-done.png") });
  await page.getByRole("link", { name: "Sign in with it" }).click();
  await signInForm(page).submit(account.email, "a lantern in the fog");
  await expect(page.getByRole("heading", { name: "All Projects" })).toBeVisible();

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("another lantern here");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toHaveText("This reset link has expired or was already used. Ask for a new one.");
});
