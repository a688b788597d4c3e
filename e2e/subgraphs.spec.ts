import { expect, test, type Page } from "@playwright/test";
import { canvas } from "./support/canvas";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

type ServerNode = {
  id: string;
  type: string;
  data: { title?: string; subgraph?: { nodes: { data: { title?: string; status?: string } }[] } };
};
const nodesOnServer = async (page: Page, projectId: string) =>
  ((await (await page.request.get(`/api/projects/nodes?projectId=${projectId}`)).json()) as { nodes: ServerNode[] }).nodes;
const innerTitlesOnServer = async (page: Page, projectId: string) =>
  (await nodesOnServer(page, projectId)).find((n) => n.type === "subgraph")?.data.subgraph?.nodes.map((n) => n.data.title ?? "") ?? null;

/**
 * Issue 34, part 3: three nodes; two become a subgraph (its card shows its name, inputs and outputs), which
 * is opened to edit inside (a node added there), left by the breadcrumb, undone and redone, run as its inner
 * graph through the cost dialog, and unpacked into plain nodes again.
 */
test("convert to subgraph, open, edit inside, back out, undo, run it, unpack", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, newAccount("Blocks"));
  const projectId = await newProject(page, "Subgraphs");
  const ids = ["idea", "art", "poster"];
  await page.request.post(`/api/projects/${projectId}/structure`, {
    data: {
      nodes: ids.map((id, i) => ({ id, position: { x: i * 460, y: 0 } })),
      edgesAdded: [
        { id: "e1", source: "idea", target: "art" },
        { id: "e2", source: "art", target: "poster" },
      ],
    },
  });
  const data: Record<string, Record<string, unknown>> = {
    idea: { title: "Idea", contentType: "text", content: "a lighthouse on a cliff at dawn" },
    art: { title: "Key art", contentType: "image", prompt: "wide shot", selectedModel: "local/sketch", aspectRatio: "1:1" },
    poster: { title: "Poster", contentType: "image", prompt: "poster", selectedModel: "local/sketch", aspectRatio: "1:1" },
  };
  const saved = await page.request.post("/api/workflows/autosave", {
    data: { projectId, updates: ids.map((id) => ({ nodeId: id, prevRev: 0, nodeData: { ...data[id], rev: 1 } })) },
  });
  expect(saved.ok()).toBe(true);

  const c = canvas(page);
  // The canvas chunk may take a while on a loaded machine.
  await page.goto(`/?project=${projectId}`);
  await expect(page.getByTestId("canvas-mode")).toBeVisible({ timeout: 60_000 });
  await page.locator(".react-flow__pane").click({ position: { x: 700, y: 500 } });
  await page.keyboard.press("Shift+Digit1");
  await c.select("Key art");
  await page.keyboard.down("Control");
  await c.node("Poster").getByTestId("node-title").click();
  await page.keyboard.up("Control");
  await page.getByTestId("convert-to-subgraph").click();

  // One card in their place: its name, the input from Idea, no output.
  const card = page.getByTestId("subgraph-card");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("subgraph-name")).toHaveText("Subgraph 1");
  await expect(card.getByTestId("subgraph-inputs")).toContainText("Key art");
  await expect(card.getByTestId("subgraph-outputs")).toContainText("No outputs");
  await expect(c.node("Key art")).toHaveCount(0);
  await expect(c.nodes).toHaveCount(1);
  await expect.poll(() => innerTitlesOnServer(page, projectId)).toEqual(["Key art", "Poster"]);
  // Selected, the sidebar says what it holds and offers what a subgraph can do (no model or type pickers).
  const props = page.getByTestId("subgraph-properties");
  await expect(props).toContainText("2 nodes inside");
  await expect(props).toContainText("Key art");
  await expect(page.locator("#node-type")).toHaveCount(0);
  await page.screenshot({ path: "test-results/subgraphs-card.png" });
  // Renaming it in the sidebar renames the card.
  await page.getByLabel("Title").fill("Poster block");
  await page.getByLabel("Title").press("Enter");
  await expect(card.getByTestId("subgraph-name")).toHaveText("Poster block");

  // Double-click opens it: the breadcrumb, and its nodes on a canvas of their own.
  await card.getByTestId("subgraph-name").dblclick();
  const editor = page.getByTestId("subgraph-editor");
  await expect(editor).toBeVisible();
  await expect(editor.getByTestId("subgraph-breadcrumb-name")).toHaveText("Poster block");
  await expect(editor.getByTestId("canvas-node")).toHaveCount(2);
  await expect(editor.getByTestId("node-title")).toHaveText(["Key art", "Poster"]);
  // Edit inside: a new node by double-clicking the empty canvas there; it is saved inside the subgraph.
  const pane = (await editor.locator(".react-flow__pane").boundingBox())!;
  await page.mouse.dblclick(pane.x + 120, pane.y + pane.height - 120);
  await expect(editor.getByTestId("canvas-node")).toHaveCount(3);
  await expect.poll(() => innerTitlesOnServer(page, projectId)).toEqual(["Key art", "Poster", "Untitled"]);
  await page.screenshot({ path: "test-results/subgraphs-inside.png" });
  // Undo inside takes the new node away, redo brings it back.
  await editor.locator(".react-flow__pane").click({ position: { x: 500, y: 640 } });
  await page.keyboard.press("Control+z");
  await expect(editor.getByTestId("canvas-node")).toHaveCount(2);
  await page.keyboard.press("Control+Shift+z");
  await expect(editor.getByTestId("canvas-node")).toHaveCount(3);

  // Back out by the breadcrumb: the card counts three nodes inside.
  await editor.getByTestId("subgraph-breadcrumb-canvas").click();
  await expect(editor).toHaveCount(0);
  await expect(card).toContainText("3 nodes inside");

  // Run it: the Run graph dialog prices its inner nodes first, then runs them.
  await page.getByTestId("run-all").click();
  await expect(page.getByTestId("plan-run").getByRole("listitem")).toHaveText([/Key art/, /Poster/]);
  expect(Number((await page.getByTestId("plan-credits").innerText()).replace(/\D/g, ""))).toBeGreaterThan(0);
  await page.screenshot({ path: "test-results/subgraphs-run-dialog.png" });
  await page.getByTestId("confirm-graph-run").click();
  await expect(page.getByText("Run finished: 2 nodes done")).toBeVisible({ timeout: 120_000 });
  await expect(card.getByTestId("subgraph-progress")).toHaveText("2/3 done");

  // Unpack: plain nodes again, wired from Idea, with the pictures the run made.
  await card.getByTestId("subgraph-unpack").click();
  await expect(card).toHaveCount(0);
  // (The node added inside may land out of view, where React Flow does not render it: the server counts.)
  await expect(c.node("Key art")).toBeVisible();
  await expect(c.image("Poster")).toBeVisible();
  await expect
    .poll(async () => (await nodesOnServer(page, projectId)).map((n) => n.data.title).sort())
    .toEqual(["Idea", "Key art", "Poster", "Untitled"]);
  await page.screenshot({ path: "test-results/subgraphs-unpacked.png" });
});
