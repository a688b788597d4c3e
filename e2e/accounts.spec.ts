import { expect, test, type Page } from "@playwright/test";
import { newAccount, PASSWORD, signUpByApi } from "./support/studio";

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
