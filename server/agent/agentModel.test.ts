import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentMessage } from "../../domain/agent/messages";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { startOpenAIChatFake, type OpenAIChatFake } from "./models/fakes/openaiChatFake";
import { parseAgentModel } from "./planners";

const KEY = "sk-platform-agent-key";
let fake: OpenAIChatFake;
let h: Harness;
let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  // The model adds an image node and finishes; a second request's first turn is refused by the service.
  fake = await startOpenAIChatFake({
    key: KEY,
    turn: (_req, i) =>
      [
        {
          text: ["Adding ", "a shot."],
          calls: [{ name: "add_node", arguments: { key: "shot", kind: "image", prompt: "a lighthouse at dusk", model: "local/sketch" } }],
        },
        { calls: [{ name: "finish", arguments: { summary: "Adds a lighthouse shot." } }] },
      ][i] ?? { text: ["…"] },
  });
  h = await createHarness({
    generation: { env: { AGENT_MODEL: "openai:gpt-test", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${fake.origin}/v1` } },
  });
  owner = await h.signUp("Owner");
  projectId = (await h.call(owner, "POST", "/api/projects", { name: "Model" })).body.id as string;
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe("the agent with a tool-calling model (AGENT_MODEL)", () => {
  it("plans through the configured model with the platform's key and names it in the chat", async () => {
    const res = await h.call(owner, "POST", `/api/projects/${projectId}/agent/messages`, { content: "a lighthouse shot" });
    expect(res.status).toBe(200);
    const answer = res.body.messages[1] as AgentMessage;
    expect(answer).toMatchObject({
      type: "agent",
      content: "Adds a lighthouse shot.",
      metadata: { planner: "OpenAI-compatible gpt-test", planState: "proposed" },
    });
    expect(answer.metadata.plan!.steps).toMatchObject([{ op: "add-node", key: "shot", kind: "image", model: "local/sketch" }]);
    // The request reached the model with the canvas tools and the user's words.
    expect(fake.chats[0]!.model).toBe("gpt-test");
    expect(fake.chats[0]!.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(["read_canvas", "add_node", "finish"]));
    expect(JSON.stringify(fake.chats[0]!.messages)).toContain("a lighthouse shot");
  });

  it("reads AGENT_MODEL as provider:model", () => {
    expect(parseAgentModel("google:gemini-2.5-flash")).toEqual({ provider: "google", model: "gemini-2.5-flash" });
    expect(parseAgentModel(" ollama : llama3.1 ")).toEqual({ provider: "ollama", model: "llama3.1" });
    expect(parseAgentModel("anthropic:claude")).toBeNull();
    expect(parseAgentModel(undefined)).toBeNull();
  });
});
