/**
 * A self-hosted studio (the default) charges nothing for what runs on its own machine: the local models and
 * tools are served as free, priced at 0 by every route that prices, and run without touching the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Model } from "../../domain/generation/modelTypes";
import type { ToolSummary } from "../../domain/tools/api";
import { creditLedger } from "../db/schema";
import { createHarness, TEST_SIGNUP_CREDITS, type Harness } from "../test/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { priceLocalModels: false } });
});
afterAll(async () => h?.close());

describe("local runs on a self-hosted studio", () => {
  it("are served as free, models and tools, while hosted ones keep their price", async () => {
    const user = await h.signUp();
    const models = (await h.call(user, "GET", "/api/models/available")).body.models as Model[];
    const local = models.filter((m) => m.provider === "local");
    expect(local.length).toBeGreaterThan(3);
    for (const m of local) expect(m.costRule).toEqual({ unit: "free" });
    expect(models.find((m) => m.id === "fal-ai/flux-pro/kontext")?.costRule).not.toEqual({ unit: "free" });
    const sketch = await h.call(user, "GET", "/api/model-cost?modelId=local%2Fsketch");
    expect(sketch.body).toEqual({ success: true, cost: 0, credits: 0 });
    const tools = (await h.call(user, "GET", "/api/tools/available")).body.tools as ToolSummary[];
    expect(tools.find((t) => t.id === "local/upscale")?.credits).toBe(0);
    expect(tools.find((t) => t.id === "fal-ai/clarity-upscaler")?.credits).toBeGreaterThan(0);
  });

  it("run without moving a credit", async () => {
    const user = await h.signUp();
    const project = await h.call(user, "POST", "/api/projects", { name: "Home" });
    const projectId = (project.body.project?.id ?? project.body.id) as string;
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
    const res = await h.call(user, "POST", "/api/execute-node", {
      projectId,
      nodeId: "n1",
      prompt: "a lighthouse in a storm",
      selectedModel: "local/sketch",
      controls: { variations: 2 },
      wait: true,
    });
    expect(res.body.success).toBe(true);
    expect((await h.call(user, "GET", "/api/credits")).body.balance).toBe(TEST_SIGNUP_CREDITS);
    // The sign-up grant is the only entry: no hold was taken and none released.
    const moves = await h.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(moves.map((m) => m.delta)).toEqual([TEST_SIGNUP_CREDITS]);
  });
});
