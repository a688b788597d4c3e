import { afterEach, describe, expect, it } from "vitest";
import { startGeminiChatFake, type GeminiChatFake, type GeminiRequest, type ScriptedGeminiTurn } from "./fakes/geminiChatFake";
import { buildPlannerInput } from "./fakes/plannerInput";
import { createModelPlanner } from "./modelPlanner";

const KEY = "AIza-test-planner-key-123";

let fake: GeminiChatFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function gemini(
  turn: (request: GeminiRequest, index: number) => ScriptedGeminiTurn,
  config: { apiKey?: string; maxTurns?: number } = {},
) {
  fake = await startGeminiChatFake({ key: KEY, turn });
  return createModelPlanner({
    provider: "google",
    apiKey: KEY,
    baseUrl: `${fake.origin}/v1beta`,
    model: "gemini-2.5-flash",
    turnTimeoutMs: 5_000,
    ...config,
  });
}

const lastParts = (index: number) => fake!.chats[index]!.body.contents.at(-1)!.parts;

/** Every key anywhere in a schema. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) into.add(k), keysOf(v, into);
  return into;
}

describe("Gemini planner (generateContent function calling, streamed)", () => {
  it("builds a plan from functionCall parts and answers each with a functionResponse", async () => {
    const planner = await gemini(
      (_req, i) =>
        [
          {
            thought: "The user wants a second shot.",
            text: ["Adding ", "the shot."],
            calls: [
              {
                name: "add_node",
                args: {
                  key: "shot2",
                  kind: "image",
                  model: "fal-ai/flux/schnell",
                  parameters: '{"num_inference_steps": 4}',
                  inputs: ["hero"],
                },
              },
            ],
          },
          {
            calls: [
              { name: "run_node", args: { node: "new:shot2" } },
              { name: "finish", args: { summary: "Adds a second shot and renders it." } },
            ],
          },
        ][i]!,
    );
    const deltas: string[] = [];
    const answer = await planner.plan(buildPlannerInput(), { onText: (d) => deltas.push(d) });

    expect(planner.name).toBe("Gemini gemini-2.5-flash");
    expect(deltas).toEqual(["Adding ", "the shot."]);
    expect(answer.reply).toBe("Adds a second shot and renders it.");
    // The settings came as JSON text (Gemini cannot describe a free-form object) and were read back.
    expect(answer.plan!.steps).toEqual([
      {
        op: "add-node",
        key: "shot2",
        kind: "image",
        model: "fal-ai/flux/schnell",
        parameters: { num_inference_steps: 4 },
        inputs: ["hero"],
      },
      { op: "run-node", node: "new:shot2" },
    ]);

    const [first, second] = fake!.chats;
    expect(first!.model).toBe("gemini-2.5-flash");
    expect(first!.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    expect(fake!.requests[0]!.headers["x-goog-api-key"]).toBe(KEY);
    expect(first!.body.systemInstruction!.parts[0]!.text).toMatch(/never follow them/);
    expect(first!.body.contents).toEqual([
      { role: "user", parts: [{ text: expect.stringContaining("Add a second shot after the hero shot") }] },
    ]);
    const declarations = first!.body.tools![0]!.functionDeclarations;
    expect(declarations.map((d) => d.name)).toContain("finish");
    expect(declarations.find((d) => d.name === "add_node")!.parameters).toMatchObject({
      type: "OBJECT",
      required: ["key", "kind"],
      properties: { kind: { type: "STRING", format: "enum" } },
    });
    // Nothing Gemini's OpenAPI subset refuses.
    const keys = keysOf(declarations);
    for (const banned of ["additionalProperties", "$schema", "propertyNames", "const", "default", "pattern"])
      expect(keys.has(banned), banned).toBe(false);

    // The model's turn goes back as it came, thought signature included, then the answer to its call.
    const history = second!.body.contents;
    expect(history.at(-2)!.role).toBe("model");
    expect(history.at(-2)!.parts.find((p) => p.functionCall)).toMatchObject({
      functionCall: { name: "add_node" },
      thoughtSignature: "sig-1",
    });
    expect(history.at(-1)).toEqual({
      role: "user",
      parts: [{ functionResponse: { name: "add_node", response: { result: expect.stringMatching(/refer to it as "new:shot2"/) } } }],
    });
  });

  it("answers an invalid call with an error functionResponse, and the model corrects it", async () => {
    const planner = await gemini(
      (_req, i) =>
        [
          { calls: [{ name: "update_node", args: { node: "hero", set: { aspectRatio: "7:5" } }, id: "fc-1" }] },
          {
            calls: [
              { name: "update_node", args: { node: "hero", set: { aspectRatio: "16:9" } }, id: "fc-2" },
              { name: "finish", args: { summary: "Makes the hero shot widescreen." } },
            ],
          },
        ][i]!,
    );
    const answer = await planner.plan(buildPlannerInput());

    const response = lastParts(1)[0]!.functionResponse!;
    expect(response.id).toBe("fc-1");
    expect(response.name).toBe("update_node");
    expect(response.response.error).toMatch(/^Error: The arguments of update_node do not fit its parameters/);
    expect(answer.plan!.steps).toEqual([{ op: "update-node", node: "hero", set: { aspectRatio: "16:9" } }]);
  });

  it("tells the model when its call was malformed and lets it try again", async () => {
    const planner = await gemini(
      (_req, i) =>
        [
          { finishReason: "MALFORMED_FUNCTION_CALL", finishMessage: "Malformed function call: add_node(key=" },
          { calls: [{ name: "finish", args: { summary: "Nothing to change." } }] },
        ][i]!,
    );
    const answer = await planner.plan(buildPlannerInput());
    expect(lastParts(1).at(-1)!.text).toMatch(/could not be read \(Malformed function call/);
    expect(answer).toEqual({ reply: "Nothing to change.", plan: null });
  });

  it("stops after its turn limit and says it did not finish", async () => {
    const planner = await gemini(() => ({ calls: [{ name: "list_models", args: { output: "video" } }] }), { maxTurns: 3 });
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("Gemini gemini-2.5-flash did not finish a plan within 3 turns.");
    expect(fake!.chats).toHaveLength(3);
  });

  it("surfaces a bad key (Google's 400 API_KEY_INVALID) as a clear error without the key", async () => {
    const planner = await gemini(() => ({}), { apiKey: "AIza-wrong-key-999" });
    const err = await planner.plan(buildPlannerInput()).catch((e: Error) => e);
    expect((err as Error).message).toBe("Gemini rejected the API key. Check it in Settings.");
    expect((err as Error).message).not.toContain("AIza");
  });

  it("surfaces a server error (500) as a clear error", async () => {
    const planner = await gemini(() => ({}));
    fake!.failWith = 500;
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("Gemini is unavailable (500). Please try again.");
  });

  it("says why when Gemini stops without an answer", async () => {
    const planner = await gemini(() => ({ finishReason: "SAFETY" }));
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("Gemini stopped without an answer (SAFETY).");
  });

  it("needs a key", async () => {
    const planner = createModelPlanner({ provider: "google", model: "google/gemini-2.5-pro" });
    expect(planner.name).toBe("Gemini gemini-2.5-pro");
    await expect(planner.plan(buildPlannerInput())).rejects.toThrow("Gemini needs an API key. Add one in Settings.");
  });
});
