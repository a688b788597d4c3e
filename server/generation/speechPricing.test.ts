/**
 * Speech is priced by exactly the text the engine speaks. An 18,600-character prompt through
 * the studio's ElevenLabs key was charged as 100 characters (10 credits), and a `text: "Hi."` parameter made
 * it free while the provider still got the whole prompt; local/tts-flite priced its prompt and its connected
 * text the same way. A parameter outside the model's schema is refused, and nothing is charged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { generations } from "../db/schema";
import { createHarness, TEST_SIGNUP_CREDITS, type Harness, type TestUser } from "../test/harness";
import { createElevenLabsEngine } from "./hosted/elevenlabs";
import { startElevenLabsFake, type ElevenLabsFake } from "./hosted/fakes/elevenlabsFake";
import { FAST } from "./hosted/fakes/testRequest";
import { fakeProviderEnv } from "../test/fakeProvider";

const KEY = "xi-platform-key";
const ELEVEN = "elevenlabs/eleven_multilingual_v2"; // $0.10 per 1,000 characters → 1 credit per 10
const FLITE = "local/tts-flite"; // $0.02 per 1,000 characters → 1 credit per 50

let h: Harness;
let fake: ElevenLabsFake;
beforeAll(async () => {
  fake = await startElevenLabsFake({ key: KEY });
  h = await createHarness({
    generation: {
      engines: { elevenlabs: createElevenLabsEngine(FAST) },
      env: fakeProviderEnv("elevenlabs", { key: KEY, origin: fake.origin }),
    },
  });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance as number;

async function projectWithNode(user: TestUser) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: `P ${Math.random()}` })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
  return projectId;
}

async function speak(
  user: TestUser,
  projectId: string,
  selectedModel: string,
  prompt: string,
  modelParameters: Record<string, unknown> = {},
) {
  const before = await balance(user);
  const res = await h.call(user, "POST", "/api/execute-node", {
    projectId,
    nodeId: "n1",
    prompt,
    selectedModel,
    parameters: { modelParameters },
    wait: true,
  });
  return { res, charged: before - (await balance(user)) };
}

/** Words, so flite has something English to say; exactly `length` characters. */
const words = (length: number) => "the tide turns at dawn ".repeat(Math.ceil(length / 23)).slice(0, length);

describe("speech is priced by what is spoken", () => {
  it("ElevenLabs on the studio's key: an 18,600-character prompt is charged as 18,600 characters, and a Text parameter does not change what is said", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    const prompt = words(18_600);
    const sent = () => JSON.parse(fake.seen("POST", "/v1/text-to-speech/").at(-1)!.body.toString()).text as string;

    const plain = await speak(user, projectId, ELEVEN, prompt);
    expect(plain.res.body.success).toBe(true);
    expect(sent()).toHaveLength(18_600);
    expect(plain.charged).toBe(1_860);

    const withText = await speak(user, projectId, ELEVEN, prompt, { text: "Hi." });
    expect(withText.res.body.success).toBe(true);
    expect(sent()).toHaveLength(18_600);
    expect(withText.charged).toBe(1_860);
  });

  it("local flite: a 400-character prompt, or 600 characters of connected text, is charged as that many characters", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    const fromPrompt = await speak(user, projectId, FLITE, words(400));
    expect(fromPrompt.res.body.success).toBe(true);
    expect(fromPrompt.charged).toBe(8);

    await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
      nodes: [{ id: "line", position: { x: -600, y: 0 } }],
      edgesAdded: [{ id: "e1", source: "line", target: "n1" }],
    });
    const saved = await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "line", prevRev: 1, nodeData: { title: "Line", content: words(600), contentType: "text", rev: 2 } }],
    });
    expect(saved.status).toBe(200);
    const fromUpstream = await speak(user, projectId, FLITE, "");
    expect(fromUpstream.res.body.success).toBe(true);
    expect(fromUpstream.charged).toBe(12);
  }, 60_000);

  it("refuses a parameter the model does not take, naming it, and charges and queues nothing", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    const eleven = await speak(user, projectId, ELEVEN, words(5_000), { prompt: "Hi." });
    expect(eleven.res.status).toBe(400);
    expect(eleven.res.body.error).toBe("prompt is not a parameter of ElevenLabs Multilingual v2");
    const flite = await speak(user, projectId, FLITE, words(500), { words: "Hi." });
    expect(flite.res.status).toBe(400);
    expect(flite.res.body.error).toBe("words is not a parameter of Local Speech (flite)");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    expect(await h.database.db.select().from(generations).where(eq(generations.userId, user.id))).toHaveLength(0);
  });
});
