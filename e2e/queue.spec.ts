import { expect, test } from "@playwright/test";
import { canvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

/**
 * Pause my queue, queue three runs, reorder them by dragging and from the keyboard, resume,
 * and they run in the new order. The panel follows in a second tab of the same user (their own channel).
 */
test("pause the queue, reorder by drag and keyboard, resume: runs start in the new order", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, newAccount("Steerer"));
  const projectId = await newProject(page, "Queue");
  const titles = ["Alpha", "Bravo", "Charlie"];
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: { nodes: titles.map((id, i) => ({ id, position: { x: i * 420, y: 0 } })) },
  });
  await page.request.post("/api/workflows/autosave", {
    data: {
      projectId,
      updates: titles.map((id) => ({
        nodeId: id,
        prevRev: 0,
        nodeData: { title: id, contentType: "image", prompt: `a ${id}`, selectedModel: "local/sketch", aspectRatio: "1:1", rev: 1 },
      })),
    },
  });
  await canvas(page).open(projectId);
  const other = await context.newPage();
  await other.goto("/");

  await page.getByTestId("queue-button").click();
  const panel = page.getByTestId("queue-panel");
  await panel.getByTestId("queue-pause").click();
  await expect(page.getByText("Queue paused: waiting runs start when you resume")).toBeVisible();
  await expect(panel).toHaveAttribute("data-paused", "true");

  for (const id of titles) {
    const res = await page.request.post("/api/execute-node", {
      data: { projectId, nodeId: id, prompt: `a ${id}`, selectedModel: "local/sketch" },
    });
    expect(res.status()).toBe(202);
  }
  const waiting = panel.locator('[data-testid="queue-item"][data-status="queued"]');
  await expect(waiting).toHaveText([/Alpha/, /Bravo/, /Charlie/]);

  // Drag Charlie to the top, then move Alpha down from the keyboard.
  await waiting.filter({ hasText: "Charlie" }).dragTo(waiting.filter({ hasText: "Alpha" }));
  await expect(waiting).toHaveText([/Charlie/, /Alpha/, /Bravo/]);
  const down = panel.getByRole("button", { name: "Move Alpha down" });
  await expect(down).toBeEnabled();
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(waiting).toHaveText([/Charlie/, /Bravo/, /Alpha/]);
  await page.screenshot({ path: "test-results/queue-panel-paused.png" });

  // The other tab (the dashboard) shows the same order, paused.
  await other.getByTestId("queue-button").click();
  const otherPanel = other.getByTestId("queue-panel");
  await expect(otherPanel).toHaveAttribute("data-paused", "true");
  await expect(otherPanel.locator('[data-testid="queue-item"][data-status="queued"]')).toHaveText([/Charlie/, /Bravo/, /Alpha/]);

  await panel.getByTestId("queue-pause").click();
  await expect(page.getByText("Queue resumed")).toBeVisible();
  await expect(panel.locator('[data-testid="queue-item"][data-status="succeeded"]')).toHaveCount(3, { timeout: 60_000 });
  await expect(otherPanel.locator('[data-testid="queue-item"][data-status="succeeded"]')).toHaveCount(3, { timeout: 15_000 });

  const { runs } = (await (await page.request.get("/api/queue")).json()) as { runs: { nodeTitle: string; startedAt: string }[] };
  const started = (t: string) => Date.parse(runs.find((r) => r.nodeTitle === t)!.startedAt);
  expect(started("Charlie")).toBeLessThanOrEqual(started("Bravo"));
  expect(started("Bravo")).toBeLessThanOrEqual(started("Alpha"));
  expect(started("Charlie")).toBeLessThan(started("Alpha"));
});
