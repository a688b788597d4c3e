/**
 * Workflow files and remix, as a film maker would use them: export a canvas as a file, import it
 * into another project (told what will not run here and offered a substitute), undo the import in one step;
 * and a gallery remix draft becoming a project of its own.
 */
import { expect, test } from "@playwright/test";
import { newAccount, newProject, signUpInBrowser } from "./support/studio";

test("a workflow exported from one project imports into another as one undo step, with a substitute for a model that cannot run here", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, newAccount("Wren"));
  const source = await newProject(page, "Pilot look");
  await page.request.post(`/api/projects/${source}/structure`, {
    data: {
      nodes: [
        { id: "look", position: { x: 0, y: 0 } },
        { id: "frame", position: { x: 550, y: 0 } },
      ],
      edgesAdded: [{ id: "look-frame", source: "look", target: "frame" }],
      updates: [
        {
          nodeId: "look",
          prevRev: 0,
          nodeData: { title: "Look", contentType: "text", content: "Teal night, sodium streetlights", rev: 1 },
        },
        {
          nodeId: "frame",
          prevRev: 0,
          nodeData: { title: "Frame", contentType: "image", prompt: "A taxi in the rain", selectedModel: "fal-ai/flux/dev", rev: 1 },
        },
      ],
    },
  });

  await page.goto(`/?project=${source}`);
  await expect(page.locator(".react-flow__node")).toHaveCount(2);
  await page.getByTestId("workflow-menu").click();
  await page.getByRole("menuitem", { name: "Export workflow…" }).click();
  await expect(page.getByRole("dialog", { name: "Export workflow" })).toContainText("The whole canvas: 2 nodes");
  const download = page.waitForEvent("download");
  await page.getByTestId("export-workflow").click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);

  const target = await newProject(page, "Episode two");
  await page.goto(`/?project=${target}`);
  await page.getByTestId("workflow-menu").click();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("menuitem", { name: "Import workflow…" }).click();
  await (await chooser).setFiles(file);

  const dialog = page.getByRole("dialog", { name: "Import workflow" });
  const issues = dialog.getByRole("list", { name: "What will not run here" });
  await expect(issues).toContainText("Frame");
  await page.screenshot({ path: "test-results/workflow-import-dialog.png" });
  await dialog.getByTestId("import-workflow").click();
  await expect(page.locator(".react-flow__node")).toHaveCount(2);
  await expect(page.locator(".react-flow__edge")).toHaveCount(1);
  // The server has the same graph, with new ids, and the substitute model on the frame.
  await expect
    .poll(async () => {
      const canvas = await (await page.request.get(`/api/projects/nodes?projectId=${target}`)).json();
      return {
        nodes: canvas.nodes.length,
        edges: canvas.edges.length,
        ids: canvas.nodes.map((n: { id: string }) => n.id).filter((id: string) => id === "look" || id === "frame"),
      };
    })
    .toEqual({ nodes: 2, edges: 1, ids: [] });
  const frame = (await (await page.request.get(`/api/projects/nodes?projectId=${target}`)).json()).nodes.find(
    (n: { data: { title?: string } }) => n.data.title === "Frame",
  );
  expect(frame.data.prompt).toBe("A taxi in the rain");
  const look = (await (await page.request.get(`/api/projects/nodes?projectId=${target}`)).json()).nodes.find(
    (n: { data: { title?: string } }) => n.data.title === "Look",
  );
  expect(look.data.content).toBe("Teal night, sodium streetlights");
  expect(frame.data.selectedModel).not.toBe("fal-ai/flux/dev");
  await page.screenshot({ path: "test-results/workflow-imported.png" });

  // One undo step takes the whole import back.
  await page.locator(".react-flow__pane").click({ position: { x: 600, y: 500 } });
  await page.keyboard.press("Control+z");
  await expect(page.locator(".react-flow__node")).toHaveCount(0);
});

test("a remix draft left by the gallery becomes a new project with its nodes, and the draft is gone", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Remy"));
  await page.evaluate(() =>
    localStorage.setItem(
      "remixProject",
      JSON.stringify({
        name: "Neon Alley",
        nodes: [
          {
            id: "a",
            type: "generic_v2",
            position: { x: 0, y: 0 },
            data: { title: "Alley", content: "Wet neon alley at 3am", contentType: "text" },
          },
          {
            id: "b",
            type: "generic_v2",
            position: { x: 550, y: 0 },
            data: { title: "Hero", prompt: "A courier on a bike", contentType: "image" },
          },
        ],
      }),
    ),
  );
  await page.reload();
  await expect(page.getByTestId("project-name")).toHaveText("Neon Alley");
  await expect(page.locator(".react-flow__node")).toHaveCount(2);
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("remixProject"))).toBeNull();
  const projectId = new URL(page.url()).searchParams.get("project");
  const project = await (await page.request.get(`/api/projects/${projectId}`)).json();
  expect(project.description ?? project.project?.description).toBe("Remixed from the Reelgraph gallery.");
});
