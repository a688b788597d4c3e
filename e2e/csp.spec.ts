import { expect, test, type Page } from "@playwright/test";
import { canvas } from "./support/canvas";
import { newAccount, signUpInBrowser } from "./support/studio";

/**
 * The app page's Content-Security-Policy (server/http/contentSecurityPolicy.ts) must not block what the app
 * does: React Flow's inline styles, generated images, audio, and model-viewer loading a GLB from a blob: URL.
 * Every violation the browser reports is collected and must be none.
 */
async function collectViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return violations;
}

const toolbar = (page: Page) => page.getByTestId("generation-toolbar");

async function generate(page: Page, title: string, type: "Image" | "Audio" | "3D", prompt: string) {
  await canvas(page).select(title);
  await toolbar(page).getByRole("button", { name: type, exact: true }).click();
  await toolbar(page).getByLabel("Prompt").fill(prompt);
  await toolbar(page).getByLabel("Prompt").press("Enter");
}

test("the app page has a Content-Security-Policy that blocks nothing the canvas uses", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await collectViolations(page);
  const home = await page.request.get("/");
  expect(home.headers()["content-security-policy"]).toContain("script-src 'self'");
  expect(home.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

  await signUpInBrowser(page, newAccount("Policy"));
  const projectId = (await (await page.request.post("/api/projects", { data: { name: "CSP" } })).json()).id as string;
  const c = canvas(page);
  await c.open(projectId);

  await c.doubleClickAt(200, 120);
  await c.rename("Untitled", "Key art");
  await generate(page, "Key art", "Image", "a lighthouse at dusk");
  await expect(c.image("Key art")).toBeVisible({ timeout: 30_000 });

  await c.doubleClickAt(650, 120);
  await c.rename("Untitled", "Narration");
  await generate(page, "Narration", "Audio", "The light still turns.");
  await expect(c.node("Narration").getByTestId("waveform-player").or(c.node("Narration").getByTestId("audio-fallback"))).toBeVisible({
    timeout: 30_000,
  });

  await c.doubleClickAt(200, 420);
  await c.rename("Untitled", "Prop");
  await generate(page, "Prop", "3D", "a brass ship lantern");
  await expect(c.node("Prop").getByTestId("model-viewer")).toBeVisible({ timeout: 30_000 });
  // The card offers the download once model-viewer has loaded and drawn the GLB it was given as a blob: URL.
  await expect(c.node("Prop").getByRole("link", { name: "Download Prop" })).toBeAttached({ timeout: 30_000 });
  // …and not because it gave up: the failure card offers the download too.
  await expect(c.node("Prop").getByRole("alert")).toHaveCount(0);

  expect(violations).toEqual([]);
});
