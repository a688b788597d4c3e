import { expect, test, type Page } from "@playwright/test";
import { canvas, serverCanvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

const balance = async (page: Page) =>
  Number((await page.getByRole("button", { name: "Credits and plans" }).innerText()).replace(/\D/g, ""));

/**
 * "For every shot": a two-node workflow (Key art, the local sketch model → Upscale, a local
 * tool) selected on the canvas and run for every shot of a 3-shot list: one confirmation with the shots and
 * the total, then three lanes, each titled for its shot, each shot linked to its lane's result, all run.
 */
test("a two-node workflow run for every shot of a 3-shot list lands three lanes linked to their shots", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, newAccount("Boarder"));
  const projectId = await newProject(page, "Every shot");
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: {
      nodes: [
        { id: "art", position: { x: 0, y: 0 } },
        { id: "upscale", position: { x: 460, y: 0 } },
      ],
      edgesAdded: [{ id: "e1", source: "art", target: "upscale" }],
    },
  });
  const data: Record<string, Record<string, unknown>> = {
    art: { title: "Key art", contentType: "image", prompt: "key art", selectedModel: "local/sketch", aspectRatio: "16:9" },
    upscale: { title: "Upscale", contentType: "image", selectedTool: "local/upscale", toolParameters: { scale: 2 } },
  };
  const saved = await page.request.post("/api/workflows/autosave", {
    data: { projectId, updates: Object.keys(data).map((id) => ({ nodeId: id, prevRev: 0, nodeData: { ...data[id], rev: 1 } })) },
  });
  expect(saved.ok()).toBe(true);

  // A shot list of three shots with descriptions.
  const list = await (await page.request.post(`/api/projects/${projectId}/shot-lists`, { data: { name: "Lighthouse", shots: 3 } })).json();
  const descriptions = ["A keeper climbs the spiral stairs", "The great lamp turns", "Waves break on the rocks below"];
  const scenes = [
    {
      ...list.scenes[0],
      shots: list.scenes[0].shots.map((s: Record<string, unknown>, i: number) => ({ ...s, description: descriptions[i] })),
    },
  ];
  expect((await page.request.put(`/api/shot-lists/${list.id}`, { data: { scenes, baseVersion: list.version } })).ok()).toBe(true);
  const shotIds = scenes[0].shots.map((s: { id: string }) => s.id);

  const c = canvas(page);
  await c.open(projectId);
  const start = await balance(page);
  await c.select("Key art");
  await c
    .node("Upscale")
    .getByTestId("node-title")
    .click({ modifiers: ["ControlOrMeta"] });
  await page.getByTestId("run-per-shot").click();

  const dialog = page.getByRole("dialog", { name: "Run for every shot" });
  const lanes = page.getByTestId("per-shot-lanes").getByRole("listitem");
  await expect(lanes).toHaveCount(3);
  await expect(lanes.nth(1)).toContainText("Shot 2");
  await expect(lanes.nth(1)).toContainText("The great lamp turns");
  await expect(dialog).toContainText("3 lanes, 2 nodes each");
  const total = Number((await page.getByTestId("per-shot-credits").innerText()).replace(/\D/g, ""));
  expect(total).toBeGreaterThan(0);
  await page.screenshot({ path: "test-results/per-shot-dialog.png" });
  await page.getByTestId("confirm-per-shot-run").click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByText("Every shot finished: 3 shots done")).toBeVisible({ timeout: 150_000 });
  for (const n of [1, 2, 3]) {
    await expect(c.node(`Shot ${n} · Key art`)).toHaveCount(1);
    await expect(c.node(`Shot ${n} · Upscale`)).toHaveCount(1);
  }
  // What the dialog said is what was charged.
  await expect.poll(() => balance(page)).toBe(start - total);

  const { nodes, edges } = await serverCanvas(page.request, null, projectId);
  expect(nodes).toHaveLength(2 + 3 * 2);
  const byTitle = (title: string) => nodes.find((n) => n.data.title === title)!;
  for (const n of [1, 2, 3]) {
    const art = byTitle(`Shot ${n} · Key art`);
    const upscaled = byTitle(`Shot ${n} · Upscale`);
    expect(art.data).toMatchObject({ status: "completed", prompt: `Cinematic Medium Shot, Single: ${descriptions[n - 1]}` });
    expect(upscaled.data.status).toBe("completed");
    expect(String(upscaled.data.mediaUrl)).toMatch(/^\/api\/media\//);
    expect(edges).toContainEqual(expect.objectContaining({ source: art.id, target: upscaled.id }));
    // The lanes sit below the workflow, one under the other.
    expect(art.position.y).toBeGreaterThan(n === 1 ? 0 : byTitle(`Shot ${n - 1} · Key art`).position.y);
  }
  // Each shot links to its lane's result.
  const after = await (await page.request.get(`/api/shot-lists/${list.id}`)).json();
  const links = after.scenes[0].shots.map((s: { id: string; nodeId?: string }) => [s.id, s.nodeId]);
  expect(links).toEqual(shotIds.map((id: string, i: number) => [id, byTitle(`Shot ${i + 1} · Upscale`).id]));

  // A lane's node offers to cancel that shot's run (nothing is left to cancel now).
  await page.getByRole("button", { name: "Fit view (Shift+1)" }).click();
  await c.select("Shot 2 · Key art");
  await page.getByTestId("cancel-shot-run").click();
  await expect(page.getByText("Shot 2 has nothing left to cancel")).toBeVisible();
  await page.screenshot({ path: "test-results/per-shot-lanes.png" });
});
