import { expect, test, type Page } from "@playwright/test";
import { canvas, serverCanvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

const toolbar = (page: Page) => page.getByTestId("generation-toolbar");
const balance = async (page: Page) =>
  Number((await page.getByRole("button", { name: "Credits and plans" }).innerText()).replace(/\D/g, ""));
const planned = (page: Page, list: "plan-run" | "plan-cached") => page.getByTestId(list).getByRole("listitem");

/**
 * A four-node graph with the local models (an idea as text → Key art, an image → Push in, a
 * video; Key art → Upscale, a tool node). Run all asks first with the cost, runs all three; a changed
 * prompt then re-runs only its branch, the dialog showing the others cached.
 */
test("Run all with the cost dialog, then only the changed branch runs again", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpInBrowser(page, newAccount("Grapher"));
  const projectId = await newProject(page, "Graph");
  // The graph is laid out through the API (a tool node is set up by its tool's run in the UI, which would run
  // it), with the aspect ratios the cards would take on their own, as nodes made in the toolbar have them.
  const ids = ["idea", "art", "push", "upscale"];
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: {
      nodes: ids.map((id, i) => ({ id, position: { x: [0, 420, 840, 840][i], y: [0, 0, -220, 260][i] } })),
      edgesAdded: [
        { id: "e1", source: "idea", target: "art" },
        { id: "e2", source: "art", target: "push" },
        { id: "e3", source: "art", target: "upscale" },
      ],
    },
  });
  const data: Record<string, Record<string, unknown>> = {
    idea: { title: "Idea", contentType: "text", content: "a lighthouse on a cliff at dawn" },
    art: { title: "Key art", contentType: "image", prompt: "wide shot", selectedModel: "local/sketch", aspectRatio: "1:1" },
    push: { title: "Push in", contentType: "video", prompt: "slow push in", selectedModel: "local/video-ffmpeg", aspectRatio: "16:9" },
    upscale: { title: "Upscale", contentType: "image", selectedTool: "local/upscale", toolParameters: { scale: 2 } },
  };
  const saved = await page.request.post("/api/workflows/autosave", {
    data: { projectId, updates: ids.map((id) => ({ nodeId: id, prevRev: 0, nodeData: { ...data[id], rev: 1 } })) },
  });
  expect(saved.ok()).toBe(true);

  const c = canvas(page);
  await c.open(projectId);
  const start = await balance(page);

  // Cancel changes nothing.
  await page.getByTestId("run-all").click();
  await expect(planned(page, "plan-run")).toHaveText([/Key art/, /Push in/, /Upscale/]);
  const total = Number((await page.getByTestId("plan-credits").innerText()).replace(/\D/g, ""));
  expect(total).toBeGreaterThan(0);
  await page.screenshot({ path: "test-results/graph-run-dialog.png" });
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect((await serverCanvas(page.request, null, projectId)).nodes.every((n) => n.data.status !== "generating")).toBe(true);

  await page.getByTestId("run-all").click();
  await expect(planned(page, "plan-run")).toHaveCount(3);
  await page.getByTestId("confirm-graph-run").click();
  await expect(page.getByText("Run finished: 3 nodes done")).toBeVisible({ timeout: 90_000 });
  await expect(c.image("Key art")).toBeVisible();
  const byTitle = async (title: string) =>
    (await serverCanvas(page.request, null, projectId)).nodes.find((n) => n.data.title === title)!.data;
  expect(await byTitle("Push in")).toMatchObject({ status: "completed", contentType: "video" });
  const upscaled = await byTitle("Upscale");
  expect(upscaled.status).toBe("completed");
  expect(String(upscaled.mediaUrl)).toMatch(/^\/api\/media\//);
  // What the dialog said is what was charged.
  await expect.poll(() => balance(page)).toBe(start - total);

  // Change the video's prompt: only Push in runs; Key art and Upscale are cached and cost nothing.
  await page.getByRole("button", { name: "Fit view (Shift+1)" }).click();
  await c.select("Push in");
  await toolbar(page).getByLabel("Prompt").fill("slow push in, fog rolling");
  await page.getByTestId("run-all").click();
  await expect(planned(page, "plan-run")).toHaveText([/Push in/]);
  await expect(planned(page, "plan-cached")).toHaveText([/Key art/, /Upscale/]);
  const second = Number((await page.getByTestId("plan-credits").innerText()).replace(/\D/g, ""));
  await page.screenshot({ path: "test-results/graph-run-cached.png" });
  await page.getByTestId("confirm-graph-run").click();
  await expect(page.getByText("Run finished: 1 node done")).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => balance(page)).toBe(start - total - second);
  expect((await byTitle("Upscale")).mediaUrl).toBe(upscaled.mediaUrl);
});
