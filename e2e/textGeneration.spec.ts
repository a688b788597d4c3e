/**
 * The offline writer says what it is (it writes image prompts); a request that is not an
 * idea ("Write a logline…") is answered with which model can answer it, not echoed; a text node's text is
 * never hidden under the card's buttons.
 */
import { expect, test } from "@playwright/test";
import { canvas, serverCanvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

test.use({ viewport: { width: 1440, height: 900 } });

test("'Write a logline…' with the Local Image Prompt Writer says which model can answer it; text clears the card's buttons", async ({
  page,
}) => {
  await signUpInBrowser(page, newAccount("Writer"));
  const projectId = await newProject(page, "Logline");
  const long = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a long treatment.`).join("\n");
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: {
      nodes: [
        { id: "ask", position: { x: 0, y: 0 } },
        { id: "notes", position: { x: 500, y: 0 } },
      ],
    },
  });
  await page.request.post("/api/workflows/autosave", {
    data: {
      projectId,
      updates: [
        {
          nodeId: "ask",
          prevRev: 0,
          nodeData: {
            title: "Ask",
            contentType: "text",
            selectedModel: "local/prompt-writer",
            prompt: "Write a logline for a chase in the rain",
            rev: 1,
          },
        },
        { nodeId: "notes", prevRev: 0, nodeData: { title: "Notes", contentType: "text", status: "completed", content: long, rev: 1 } },
      ],
    },
  });
  const c = canvas(page);
  await c.open(projectId);
  await c.node("Ask").click();
  const toolbar = page.getByTestId("generation-toolbar");
  await expect(toolbar).toContainText("Local Image Prompt Writer");
  await toolbar.getByTestId("run-node").click();
  await expect(page.getByText("Execution Failed")).toBeVisible({ timeout: 30_000 });
  await expect(c.node("Ask").getByRole("alert")).toContainText("Local LLM (GGUF)");
  await page.screenshot({ path: "test-results/text-generation-not-a-prompt.png" });
  const saved = (await serverCanvas(page.request, null, projectId)).nodes.find((n) => n.id === "ask")!;
  expect(String(saved.data.content ?? "")).not.toContain("Write a logline");
  expect(String(saved.data.error)).toContain("hosted text model");

  // The long text starts below the card's Upload / Full screen buttons and scrolls rather than being cut off.
  const notes = c.node("Notes");
  await notes.hover();
  const button = (await notes.getByRole("button", { name: "Open full screen" }).boundingBox())!;
  const area = notes.getByRole("textbox", { name: "Node text" });
  const firstLineTop = await area.evaluate(
    (el) =>
      el.getBoundingClientRect().top +
      parseFloat(getComputedStyle(el).paddingTop) * (el.getBoundingClientRect().height / (el as HTMLElement).offsetHeight),
  );
  expect(firstLineTop).toBeGreaterThanOrEqual(button.y + button.height - 1);
  expect(await area.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
  expect(await area.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.screenshot({ path: "test-results/text-generation-long-text.png" });
});
