import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { localEngine, localModelAvailability } from "./index";
import { LLM_NOT_CONFIGURED, LLM_NOT_INSTALLED, llmThreads } from "./llm";
import { testRequest } from "./testKit";
import { tinyLlamaGguf } from "./tinyGguf";

const dir = mkdtempSync(path.join(os.tmpdir(), "local-llm-test-"));
const gguf = path.join(dir, "tiny.gguf");
writeFileSync(gguf, tinyLlamaGguf());
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** node-llama-cpp is optional (not in package.json): the suite checks whichever behaviour this install has. */
function llamaInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("node-llama-cpp");
    return true;
  } catch {
    return false;
  }
}

describe("Local LLM (GGUF)", () => {
  it("is locked until LOCAL_LLM_MODEL names an existing file, without showing server folders", () => {
    expect(localModelAvailability("local/llm", {})).toEqual({ usable: false, reason: LLM_NOT_CONFIGURED });
    const missing = localModelAvailability("local/llm", { LOCAL_LLM_MODEL: "/srv/models/missing.gguf" });
    expect(missing.usable).toBe(false);
    expect(missing.reason).toBe("LOCAL_LLM_MODEL points at missing.gguf, which does not exist");
    expect(localModelAvailability("local/llm", { LOCAL_LLM_MODEL: gguf })).toEqual(
      llamaInstalled() ? { usable: true } : { usable: false, reason: LLM_NOT_INSTALLED },
    );
  });

  it("refuses to run without a model file, with the message the node shows", async () => {
    vi.stubEnv("LOCAL_LLM_MODEL", "");
    await expect(localEngine.run(testRequest("local/llm", { prompt: "Hello" }))).rejects.toThrow(LLM_NOT_CONFIGURED);
  });

  it("answers with the configured GGUF when node-llama-cpp is installed, and says it is missing otherwise", async () => {
    vi.stubEnv("LOCAL_LLM_MODEL", gguf);
    const request = testRequest("local/llm", { prompt: "Write one line", params: { max_tokens: 12 } });
    if (!llamaInstalled()) {
      await expect(localEngine.run(request)).rejects.toThrow(LLM_NOT_INSTALLED);
      return;
    }
    const result = await localEngine.run(request);
    expect(result.kind).toBe("text");
    expect(request.progress.at(-1)?.percent).toBe(100);
  });

  it("leaves a core to the server unless LOCAL_LLM_THREADS says otherwise", () => {
    expect(llmThreads({ LOCAL_LLM_THREADS: "3" })).toBe(3);
    expect(llmThreads({})).toBe(Math.max(1, os.availableParallelism() - 1));
  });
});
