/**
 * The Assets screen serves a film maker. Text results show under Text; a card opens a
 * preview (an image large, audio playing in place); downloads are named after the project and the node.
 */
import { expect, test, type Page } from "@playwright/test";
import { solidPng } from "./support/png";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

test.use({ viewport: { width: 1440, height: 900 } });

/** A second of 8 kHz 16-bit mono silence as a WAV file. */
function silentWav(): Buffer {
  const samples = 8000;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

async function nodeWithMedia(
  page: Page,
  projectId: string,
  id: string,
  title: string,
  file: { name: string; mimeType: string; buffer: Buffer } | null,
  data: Record<string, unknown>,
  x: number,
) {
  await page.request.post(`/api/projects/${projectId}/structure`, { data: { nodes: [{ id, position: { x, y: 0 } }] } });
  let mediaUrl: string | undefined;
  if (file) {
    const res = await page.request.post("/api/upload-media", { multipart: { projectId, nodeId: id, file } });
    expect(res.ok(), await res.text()).toBe(true);
    mediaUrl = (await res.json()).url;
  }
  const saved = await page.request.post("/api/workflows/autosave", {
    data: {
      projectId,
      updates: [{ nodeId: id, prevRev: 0, nodeData: { title, status: "completed", ...(mediaUrl ? { mediaUrl } : {}), ...data, rev: 1 } }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test("text results are assets; a card opens a preview; downloads are named after the project and node (item 9)", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Archivist"));
  const projectId = await newProject(page, "Rain Chase");
  await nodeWithMedia(
    page,
    projectId,
    "shot-2",
    "Shot 2",
    { name: "s.png", mimeType: "image/png", buffer: solidPng(320, 180, [40, 90, 200]) },
    { contentType: "image" },
    0,
  );
  await nodeWithMedia(
    page,
    projectId,
    "theme",
    "Theme",
    { name: "t.wav", mimeType: "audio/wav", buffer: silentWav() },
    { contentType: "audio" },
    400,
  );
  await nodeWithMedia(
    page,
    projectId,
    "logline",
    "Logline",
    null,
    { contentType: "text", content: "A courier races a storm across the city to deliver the last letter." },
    800,
  );

  await page.goto(`/?project=${projectId}`);
  await page.getByRole("tab", { name: "Assets", exact: true }).click();
  const cards = page.getByTestId("asset-card");
  await expect(cards).toHaveCount(3);

  // The Text filter shows the text result, with its words.
  await page.getByRole("button", { name: "text", exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("A courier races a storm");
  const textDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Logline" }).click();
  expect((await textDownload).suggestedFilename()).toBe("Rain Chase – Logline.txt");

  // An image card opens large, with a Download that keeps the name.
  await page.getByRole("button", { name: "all", exact: true }).click();
  await page.getByRole("button", { name: "Preview Shot 2" }).click();
  const preview = page.getByRole("dialog", { name: "Shot 2" });
  const big = preview.getByRole("img", { name: "Shot 2" });
  await expect(big).toBeVisible();
  expect((await big.boundingBox())!.width).toBeGreaterThan(500);
  await page.screenshot({ path: "test-results/assets-preview-image.png" });
  const imageDownload = page.waitForEvent("download");
  await preview.getByRole("link", { name: "Download" }).click();
  expect((await imageDownload).suggestedFilename()).toBe("Rain Chase – Shot 2.png");
  await preview.getByRole("button", { name: "Close" }).click();

  // Audio plays in place.
  await page.getByRole("button", { name: "Preview Theme" }).click();
  const audio = page.getByRole("dialog", { name: "Theme" }).locator("audio");
  await expect(audio).toBeVisible();
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime > 0 || !el.paused)).toBe(true);
  await page.getByRole("dialog", { name: "Theme" }).getByRole("button", { name: "Close" }).click();
  await page.screenshot({ path: "test-results/assets-grid.png" });
});
