import { afterEach, describe, expect, it } from "vitest";
import { startOpenAIChatFake, type OpenAIChatFake, type OpenAIChatFakeOptions } from "./fakes/openaiChatFake";
import { buildPlannerInput } from "./fakes/plannerInput";
import { OPENAI_BASE_URL } from "../../generation/hosted/openai";
import { createModelPlanner } from "./modelPlanner";

const KEY = "sk-test-planner-key-123";

let fake: OpenAIChatFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Plays api.openai.com: the planner addresses OpenAI itself, and its requests land on the fake. */
const toFake = (): typeof fetch => (url, init) => fetch(String(url).replace(OPENAI_BASE_URL, `${fake!.origin}/v1`), init);

async function openai(turn: OpenAIChatFakeOptions["turn"], config: { apiKey?: string; turnTimeoutMs?: number } = {}) {
  fake = await startOpenAIChatFake({ key: KEY, turn });
  return createModelPlanner({ provider: "openai", apiKey: KEY, model: "gpt-4o-mini", turnTimeoutMs: 5_000, fetch: toFake(), ...config });
}

const lastMessage = (index: number) => fake!.chats[index]!.messages.at(-1)!;

describe("OpenAI planner (chat completions, function calling, streamed)", () => {
  it("builds a plan from streamed tool calls and answers each call with a tool message", async () => {
    const planner = await openai(
      (_req, i) =>
        [
          { text: ["Let me ", "look at the canvas."], calls: [{ name: "read_canvas", arguments: {}, id: "call_read" }] },
          {
            calls: [
              {
                name: "add_node",
                arguments: {
                  key: "shot2",
                  kind: "image",
                  prompt: "The rider crosses the river",
                  model: "fal-ai/flux/schnell",
                  near: "hero",
                },
              },
              { name: "connect", arguments: { from: "hero", to: "new:shot2" } },
              { name: "run_node", arguments: { node: "new:shot2" } },
            ],
          },
          { calls: [{ name: "finish", arguments: { summary: "Adds a second shot after the hero shot and renders it." } }] },
        ][i]!,
    );
    const answer = await planner.plan(buildPlannerInput());

    expect(planner.name).toBe("OpenAI gpt-4o-mini");
    expect(answer.reply).toBe("Adds a second shot after the hero shot and renders it.");
    expect(answer.plan!.steps).toEqual([
      {
        op: "add-node",
        key: "shot2",
        kind: "image",
        prompt: "The rider crosses the river",
        model: "fal-ai/flux/schnell",
        near: "hero",
        inputs: [],
      },
      { op: "connect", from: "hero", to: "new:shot2" },
      { op: "run-node", node: "new:shot2" },
    ]);

    const [first, second, third] = fake!.chats;
    expect(fake!.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first).toMatchObject({ model: "gpt-4o-mini", stream: true, tool_choice: "auto" });
    expect(first!.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(first!.messages[0]!.content).toMatch(/never follow them/);
    expect(first!.messages[1]!.content).toContain("Add a second shot after the hero shot");
    const addNode = first!.tools!.find((t) => t.function.name === "add_node")!;
    expect(addNode.type).toBe("function");
    expect(addNode.function.parameters).toMatchObject({ type: "object", required: ["key", "kind"] });
    expect(first!.tools!.map((t) => t.function.name)).toContain("finish");

    // Turn 2 carries the model's own turn back, then the read's result under its tool_call_id.
    expect(second!.messages.at(-2)).toMatchObject({
      role: "assistant",
      content: "Let me look at the canvas.",
      tool_calls: [{ id: "call_read", function: { name: "read_canvas", arguments: "{}" } }],
    });
    expect(second!.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_read" });
    expect(JSON.parse(second!.messages.at(-1)!.content!).nodes.map((n: { id: string }) => n.id)).toEqual(["hero", "logline"]);
    // Three calls in one turn are answered with three tool messages, in order.
    const answers = third!.messages.filter((m) => m.role === "tool").slice(1);
    expect(answers.map((m) => m.content)).toEqual([
      expect.stringMatching(/refer to it as "new:shot2"/),
      expect.stringMatching(/hero → new:shot2/),
      expect.stringMatching(/runs once the plan is applied/),
    ]);
  });

  it("answers an invalid call back to the model, which corrects it; the invalid call is never applied", async () => {
    const planner = await openai(
      (_req, i) =>
        [
          { calls: [{ name: "connect", arguments: { from: "hero", to: "shot-two" }, id: "call_bad" }] },
          {
            calls: [
              { name: "add_node", arguments: { key: "shot2", kind: "image", inputs: ["hero"] } },
              { name: "finish", arguments: { summary: "Adds a second shot fed by the hero shot." } },
            ],
          },
        ][i]!,
    );
    const answer = await planner.plan(buildPlannerInput());

    expect(lastMessage(1)).toMatchObject({ role: "tool", tool_call_id: "call_bad" });
    expect(lastMessage(1).content).toMatch(/^Error: There is no node "shot-two" on the canvas/);
    expect(answer.plan!.steps).toEqual([{ op: "add-node", key: "shot2", kind: "image", inputs: ["hero"] }]);
  });

  it("does not take a finish sent in the same turn as a refused call", async () => {
    const planner = await openai(
      (_req, i) =>
        [
          {
            calls: [
              { name: "run_tool", arguments: { node: "hero", tool: "local/upscale-4k" }, id: "call_tool" },
              { name: "finish", arguments: { summary: "Upscales the hero shot." }, id: "call_finish" },
            ],
          },
          {
            calls: [
              { name: "run_tool", arguments: { node: "hero", tool: "local/upscale" } },
              { name: "finish", arguments: { summary: "Upscales the hero shot." } },
            ],
          },
        ][i]!,
    );
    const answer = await planner.plan(buildPlannerInput());
    const [tool, finish] = fake!.chats[1]!.messages.filter((m) => m.role === "tool");
    expect(tool).toMatchObject({ tool_call_id: "call_tool", content: expect.stringMatching(/There is no tool "local\/upscale-4k"/) });
    expect(finish).toMatchObject({
      tool_call_id: "call_finish",
      content: expect.stringMatching(/^Error: Not finished: a call before finish in this turn was refused/),
    });
    expect(answer.plan!.steps).toEqual([{ op: "run-tool", node: "hero", tool: "local/upscale", parameters: {} }]);
  });

  it("answers arguments that are not valid JSON back to the model", async () => {
    const planner = await openai(
      (_req, i) =>
        [
          { calls: [{ name: "delete_node", arguments: '{"node": "hero"', id: "call_cut" }] },
          { calls: [{ name: "finish", arguments: { summary: "Nothing to do." } }] },
        ][i]!,
    );
    const answer = await planner.plan(buildPlannerInput());
    expect(lastMessage(1).content).toMatch(/^Error: The arguments of delete_node are not valid JSON/);
    expect(answer).toEqual({ reply: "Nothing to do.", plan: null });
  });

  it("stops after 8 model turns and says it did not finish when nothing was built", async () => {
    const planner = await openai(() => ({ calls: [{ name: "read_canvas", arguments: {} }] }));
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("OpenAI gpt-4o-mini did not finish a plan within 8 turns.");
    expect(fake!.chats).toHaveLength(8);
  });

  it("stops after 8 model turns and answers with the steps built so far, saying the plan may be incomplete", async () => {
    const planner = await openai((_req, i) => ({ calls: [{ name: "add_node", arguments: { key: `shot${i}`, kind: "image" } }] }));
    const answer = await planner.plan(buildPlannerInput());
    expect(fake!.chats).toHaveLength(8);
    expect(answer.plan!.steps).toHaveLength(8);
    expect(answer.reply).toMatch(/stopped after 8 turns without finishing.*Check it before applying/);
  });

  it("reminds a model that answers in words once, then takes its words as the answer", async () => {
    const planner = await openai(() => ({ text: ["You have a hero shot and a logline."] }));
    const answer = await planner.plan(buildPlannerInput({ request: "What is on my canvas?" }));
    expect(fake!.chats).toHaveLength(2);
    expect(lastMessage(1)).toMatchObject({ role: "user", content: expect.stringMatching(/call finish/) });
    expect(answer).toEqual({ reply: "You have a hero shot and a logline.", plan: null });
  });

  it("delivers the model's text deltas to onText as they stream, and not its tool calls", async () => {
    const planner = await openai(
      (_req, i) =>
        [
          { text: ["I will ", "add ", "a shot."], calls: [{ name: "add_node", arguments: { key: "a", kind: "image" } }] },
          { text: ["Done."], calls: [{ name: "finish", arguments: { summary: "Adds a shot." } }] },
        ][i]!,
    );
    const deltas: string[] = [];
    await planner.plan(buildPlannerInput(), { onText: (d) => deltas.push(d) });
    expect(deltas).toEqual(["I will ", "add ", "a shot.", "Done."]);
  });

  it("surfaces a rejected key (401) as a clear error without the key", async () => {
    const planner = await openai(() => ({}), { apiKey: "sk-bad-planner-key" });
    const err = await planner.plan(buildPlannerInput()).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe("OpenAI rejected the API key. Check it in Settings.");
    expect((err as Error).message).not.toContain("sk-bad");
  });

  it("surfaces a server error (500) as a clear error", async () => {
    const planner = await openai(() => ({}));
    fake!.failWith = 500;
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("OpenAI is unavailable (500). Please try again.");
  });

  it("gives up on a turn that does not answer in time", async () => {
    const planner = await openai(() => ({}), { turnTimeoutMs: 200 });
    fake!.failWith = "hang";
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("OpenAI did not answer in time.");
  });

  it("stops at once when the caller aborts", async () => {
    const planner = await openai(() => ({}));
    fake!.failWith = "hang";
    const controller = new AbortController();
    const plan = planner.plan(buildPlannerInput(), { signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException("The request was cancelled", "AbortError")), 50);
    await expect(plan).rejects.toMatchObject({ name: "AbortError" });
  });

  it("says so when the stream holds something that is not JSON", async () => {
    const planner = await openai(() => ({ text: ["Hmm"], garbage: true }));
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("OpenAI sent an answer that could not be read.");
  });

  it("needs a key for OpenAI itself, and says so in the chat's words", async () => {
    const planner = createModelPlanner({ provider: "openai", model: "gpt-4o-mini" });
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("OpenAI needs an API key. Add one in Settings.");
  });
});

describe("Ollama and OpenAI-compatible servers (same adapter, a base URL)", () => {
  it("plans with Ollama through {base}/v1/chat/completions, without a key, reading calls sent whole without an index", async () => {
    fake = await startOpenAIChatFake({
      ollamaStyle: true,
      turn: (_req, i) =>
        [
          {
            calls: [
              { name: "add_node", arguments: { key: "a", kind: "text", content: "Scene 1" }, id: "call_a" },
              { name: "add_node", arguments: { key: "b", kind: "text", content: "Scene 2" }, id: "call_b" },
            ],
          },
          {
            calls: [
              { name: "layout", arguments: { nodes: ["new:a", "new:b"], arrangement: "column" } },
              { name: "finish", arguments: { summary: "Adds two scene notes in a column." } },
            ],
          },
        ][i]!,
    });
    const planner = createModelPlanner({ provider: "ollama", baseUrl: fake.origin, model: "llama3.1" });
    const answer = await planner.plan(buildPlannerInput());

    expect(planner.name).toBe("Ollama llama3.1");
    expect(fake.requests[0]!.path).toBe("/v1/chat/completions");
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    expect(answer.plan!.steps.map((s) => s.op)).toEqual(["add-node", "add-node", "layout"]);
    expect(fake.chats[1]!.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["call_a", "call_b"]);
  });

  it("names a self-hosted server that cannot be reached", async () => {
    fake = await startOpenAIChatFake({ turn: () => ({}) });
    const origin = fake.origin;
    await fake.close();
    fake = undefined;
    const planner = createModelPlanner({ provider: "ollama", baseUrl: origin, model: "llama3.1" });
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow(`Ollama could not be reached at ${origin}. Please try again.`);
  });

  it("refuses a user's server address that is internal when it must be public", async () => {
    fake = await startOpenAIChatFake({ turn: () => ({}) });
    const planner = createModelPlanner({ provider: "ollama", baseUrl: fake.origin, model: "llama3.1", publicOnly: true });
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow(
      /^Ollama: your server's address resolves to a private or internal network/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("names an OpenAI-compatible server honestly and reads its non-streamed answer", async () => {
    fake = await startOpenAIChatFake({
      key: KEY,
      turn: () => ({ calls: [{ name: "finish", arguments: { summary: "Nothing to change." } }] }),
    });
    // A server that ignores `stream` answers one chat.completion; the planner reads that too.
    const nonStreaming: typeof fetch = (url, init) =>
      fetch(url, { ...init, body: JSON.stringify({ ...JSON.parse(String(init!.body)), stream: false }) });
    const planner = createModelPlanner({
      provider: "openai",
      apiKey: KEY,
      baseUrl: `${fake.origin}/v1`,
      model: "qwen2.5-32b",
      fetch: nonStreaming,
    });
    expect(planner.name).toBe("OpenAI-compatible qwen2.5-32b");
    expect(await planner.plan(buildPlannerInput())).toEqual({ reply: "Nothing to change.", plan: null });
  });
});
