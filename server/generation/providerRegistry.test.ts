import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYED_PROVIDERS, PROVIDER_REGISTRY, PROVIDERS, type ProviderFacts } from "../../domain/providers/registry";
import { ENGINES } from "./engines";
import { HOSTED_ENGINES } from "./hosted";

const ROOT = join(__dirname, "../..");

/** Source files of the product (tests excluded: they may name providers freely). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the provider registry", () => {
  it("has exactly one engine per provider: adding one to the registry without its engine fails here", () => {
    expect(Object.keys(ENGINES).sort()).toEqual([...PROVIDERS].sort());
    expect(Object.keys(HOSTED_ENGINES).sort()).toEqual(PROVIDERS.filter((p) => p !== "local").sort());
  });

  it("gives every provider a user connects a key variable, a logo mark and Settings help", () => {
    for (const id of KEYED_PROVIDERS) {
      const facts: ProviderFacts = PROVIDER_REGISTRY[id];
      expect(facts.keyEnv, id).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(facts.mark?.text, id).toBeTruthy();
      expect(facts.help?.placeholder, id).toBeTruthy();
      // A hosted API can be pointed at a proxy; a self-hosted engine's address already is its base URL.
      if (facts.connectsWith === "key") expect(facts.baseUrlEnv, id).toMatch(/_BASE_URL$/);
    }
  });

  it("is the only table keyed by provider: no other product file lists several providers' facts", () => {
    const allowed = new Set(["domain/providers/registry.ts", "server/generation/hosted/index.ts"]);
    // A table keyed by provider shows up as several `provider:` keys at the start of lines.
    const keyLines = (text: string) => PROVIDERS.filter((p) => new RegExp(`^\\s+${p}: `, "m").test(text)).length;
    const offenders = ["app", "server", "domain"]
      .flatMap((dir) => sources(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => !allowed.has(path) && keyLines(readFileSync(join(ROOT, path), "utf8")) >= 3);
    expect(offenders).toEqual([]);
  });
});
