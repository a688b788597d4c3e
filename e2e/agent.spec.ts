import { expect, test } from "@playwright/test";
import { canvas, serverCanvas } from "./support/canvas";
import { solidPng } from "./support/png";
import { apiCall, newAccount, newProject, signInInBrowser, signUpByApi, signUpInBrowser } from "./support/studio";

// A common desktop size: the panel keeps its 600 px above the generation toolbar.
test.use({ viewport: { width: 1440, height: 900 } });

test("the agent: ask for three 9:16 variations of a frame, see the plan and its cost, apply, run, undo in one step; a second browser follows", async ({
  page,
  browser,
}) => {
  const account = newAccount("Director");
  await signUpInBrowser(page, account);
  const projectId = await newProject(page, "Harbour");
  const c = canvas(page);
  await c.open(projectId);
  await c.dropFile("frame.png", "image/png", solidPng(64, 36, [40, 90, 160]));
  await expect(c.image("frame")).toBeVisible();

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signInInBrowser(page2, account);
  const c2 = canvas(page2);
  await c2.open(projectId);
  await expect(c2.nodes).toHaveCount(1);
  await page2.getByTestId("agent-mode").click();

  // Agent mode from the canvas toolbar; the selected frame is offered for the context.
  await c.select("frame");
  await page.getByTestId("agent-mode").click();
  const panel = page.getByTestId("agent-panel");
  await expect(panel.getByRole("heading", { name: "AI Workflow Agent" })).toBeVisible();
  const box = await panel.boundingBox();
  expect([box!.width, box!.height]).toEqual([384, 600]);
  await panel.getByRole("button", { name: "+ Add selected node" }).click();
  await expect(panel.getByTestId("agent-context")).toContainText("frame");

  const input = panel.getByLabel("Message the agent");
  await input.fill("three variations of the selected frame in 9:16");
  await input.press("Enter");
  const plan = panel.getByTestId("agent-plan");
  await expect(plan).toBeVisible();
  await expect(plan).toContainText(/Costs \d+ credits/);
  await expect(panel.getByTestId("agent-message-agent")).toContainText("Rule-based planner");
  await page.screenshot({ path: "test-results/agent-plan.png" });
  // The other browser sees the question and the plan live.
  await expect(page2.getByTestId("agent-message-user")).toContainText("three variations of the selected frame in 9:16");
  await expect(page2.getByTestId("agent-plan")).toBeVisible();

  await plan.getByRole("button", { name: "Apply" }).click();
  await expect(c.nodes).toHaveCount(4);
  await expect(c.edges).toHaveCount(3);
  await expect(c2.nodes).toHaveCount(4);
  await expect(page2.getByTestId("agent-applied")).toBeVisible();
  // Each variation runs and shows its picture, in the chat too.
  await expect(panel.getByTestId("agent-applied").locator("img")).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByTestId("agent-active-dot")).toHaveCount(0);
  // The chat says it finished, with the pictures, in both browsers.
  await expect(panel.getByTestId("agent-message-report")).toContainText("Finished 3 of 3 runs.");
  await expect(panel.getByTestId("agent-message-report").locator("img")).toHaveCount(3);
  await expect(page2.getByTestId("agent-message-report")).toContainText("Finished 3 of 3 runs.");
  const saved = await serverCanvas(page.request, null, projectId);
  const variations = saved.nodes.filter((n) => n.id !== saved.nodes[0]!.id);
  expect(variations).toHaveLength(3);
  expect(variations.map((n) => [n.data.selectedModel, n.data.aspectRatio, typeof n.data.mediaUrl])).toEqual(
    Array(3).fill(["local/sketch", "9:16", "string"]),
  );
  await page.screenshot({ path: "test-results/agent-applied.png" });

  // One undo step takes the whole plan away, here and in the other browser.
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 200 } });
  await page.keyboard.press("Control+z");
  await expect(c.nodes).toHaveCount(1);
  await expect(c.edges).toHaveCount(0);
  await expect(c2.nodes).toHaveCount(1);
  await other.close();
});

test("from one sentence the agent storyboards the frames itself, with the cost; Undo in the chat takes the plan back", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Boarder"));
  const projectId = await newProject(page, "Rain Chase");
  const c = canvas(page);
  await c.open(projectId);
  await page.getByTestId("agent-mode").click();
  const panel = page.getByTestId("agent-panel");
  const input = panel.getByLabel("Message the agent");
  // A project with no script: the agent no longer answers "This project has no scripts yet".
  await input.fill("make a 4-shot storyboard of a chase in the rain");
  await input.press("Enter");
  const plan = panel.getByTestId("agent-plan");
  await expect(plan).toBeVisible();
  await expect(panel.getByTestId("agent-message-agent")).toContainText('Adds 4 storyboard frames of "a chase in the rain"');
  await expect(plan).toContainText(/Costs \d+ credits/);
  await page.screenshot({ path: test.info().outputPath("storyboard-plan.png") });
  await plan.getByRole("button", { name: "Apply" }).click();
  await expect(c.nodes).toHaveCount(4);
  expect((await c.titles()).sort()).toEqual([
    "Frame 1: Wide establishing shot",
    "Frame 2: Medium shot",
    "Frame 3: Close-up",
    "Frame 4: Wide shot",
  ]);
  await expect.poll(async () => (await serverCanvas(page.request, null, projectId)).nodes.length).toBe(4);

  // Undo from the chat: the four frames go as one step, on the server too, and the plan says so.
  await plan.getByRole("button", { name: "Undo" }).click();
  await expect(c.nodes).toHaveCount(0);
  await expect(plan).toContainText("Undone");
  await expect(plan.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await expect.poll(async () => (await serverCanvas(page.request, null, projectId)).nodes.length).toBe(0);
  await page.screenshot({ path: test.info().outputPath("storyboard-undone.png") });
  // The chat keeps it after a reload.
  await page.reload();
  await expect(page.getByTestId("agent-plan")).toContainText("Undone");

  // The agent offered to keep the storyboard as a scene: one click writes it into a new script, once.
  const answer = page.getByTestId("agent-message-agent");
  await expect(answer).toContainText("I can write it into a new script");
  await answer.getByRole("button", { name: "Write into a script" }).click();
  await expect(answer.getByTestId("agent-script-written")).toContainText("Written to “A chase in the rain”");
  await expect(answer.getByRole("button", { name: "Write into a script" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("storyboard-script-written.png") });
  await answer.getByRole("button", { name: "Open script" }).click();
  await expect(page.getByTestId("screenplay-editor")).toBeVisible();
  const lines = page.getByTestId("screenplay-page").locator("textarea[data-element-type]");
  await expect(lines.first()).toHaveValue("EXT. LOCATION - DAY");
  await expect(lines.nth(1)).toHaveValue("A chase in the rain.");
  await expect(lines).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath("storyboard-script-open.png") });
});

test("the agent refuses an over-long message and says what it can do when it does not understand", async ({ page }) => {
  await signUpInBrowser(page, newAccount("Asker"));
  const projectId = await newProject(page, "Questions");
  const c = canvas(page);
  await c.open(projectId);
  await page.keyboard.press("a");
  const panel = page.getByTestId("agent-panel");
  const input = panel.getByLabel("Message the agent");
  await expect(panel.getByText("Tell the agent what to make.")).toBeVisible();
  await page.screenshot({ path: "test-results/agent-empty.png" });
  // A starter request fills the input; what is typed stays while the panel is minimized.
  await panel.getByRole("button", { name: "“lay these out left to right”" }).click();
  await expect(input).toHaveValue("lay these out left to right");
  await panel.getByRole("button", { name: "Minimize agent panel" }).click();
  await panel.getByRole("button", { name: "Expand agent panel" }).click();
  await expect(panel.getByLabel("Message the agent")).toHaveValue("lay these out left to right");
  await input.fill("x".repeat(4001));
  await expect(panel.getByText("Messages can be at most 4,000 characters.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Send" })).toBeDisabled();
  // Shift+Enter is a new line, not a send.
  await input.fill("sing me a song");
  await input.press("Shift+Enter");
  await expect(input).toHaveValue("sing me a song\n");
  await input.press("Enter");
  await expect(panel.getByTestId("agent-message-agent")).toBeVisible();
  await expect(panel.getByTestId("agent-plan")).toHaveCount(0);
  await expect(input).toHaveValue("");
  await page.screenshot({ path: "test-results/agent-not-understood.png" });
  // Minimized, the panel is 320×64; the A key closes it.
  await panel.getByRole("button", { name: "Minimize agent panel" }).click();
  const box = await panel.boundingBox();
  expect([box!.width, box!.height]).toEqual([320, 64]);
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 200 } });
  await page.keyboard.press("a");
  await expect(panel).toHaveCount(0);
});

test("a view-only member reads the agent's chat live but cannot ask or apply", async ({ page, request }) => {
  const ownerToken = await signUpByApi(request, newAccount("Owner"));
  const viewer = newAccount("Viewer");
  await signUpByApi(request, viewer);
  const project = await apiCall(request, ownerToken, "post", "/api/projects", { name: "Look only" });
  await apiCall(request, ownerToken, "post", `/api/projects/${project.body.id}/members`, { email: viewer.email, permission: "view" });

  await signInInBrowser(page, viewer);
  const c = canvas(page);
  await c.open(project.body.id);
  await page.getByTestId("agent-mode").click();
  const panel = page.getByTestId("agent-panel");
  await expect(panel.getByText("You have view-only access to this project.", { exact: false })).toBeVisible();
  await expect(panel.getByLabel("Message the agent")).toHaveCount(0);
  // The owner asks; the viewer sees the question and the plan, without Apply.
  await apiCall(request, ownerToken, "post", `/api/projects/${project.body.id}/agent/messages`, {
    content: "an image of a lighthouse at dusk",
  });
  await expect(panel.getByTestId("agent-message-user")).toContainText("an image of a lighthouse at dusk");
  await expect(panel.getByTestId("agent-plan")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Apply" })).toHaveCount(0);
  // A storyboard answer offers to write the scene into a script: the viewer reads the offer, with no button.
  await apiCall(request, ownerToken, "post", `/api/projects/${project.body.id}/agent/messages`, {
    content: "make a 4-shot storyboard of a chase in the rain",
  });
  const offer = panel.getByTestId("agent-message-agent").filter({ hasText: "I can write it into a new script" });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole("button", { name: "Write into a script" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/agent-view-only.png" });
});
