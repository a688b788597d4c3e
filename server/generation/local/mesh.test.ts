import { NodeIO, type Document } from "@gltf-transform/core";
import { describe, expect, it } from "vitest";
import { localEngine } from "./index";
import { buildMesh } from "./mesh";
import { testRequest } from "./testKit";

async function meshOf(prompt: string, params: Record<string, unknown> = {}, seed = 3) {
  const result = await localEngine.run(testRequest("local/mesh", { prompt, params, seed }));
  if (result.kind !== "media") throw new Error("expected media");
  return result;
}

function vertexCount(doc: Document): number {
  return doc
    .getRoot()
    .listMeshes()
    .flatMap((m) => m.listPrimitives())
    .reduce((sum, p) => sum + (p.getAttribute("POSITION")?.getCount() ?? 0), 0);
}

describe("Local Mesh (procedural)", () => {
  it("writes a binary glTF that reads back with meshes, accessors, bounds and materials", async () => {
    const result = await meshOf("a red wooden house");
    expect(result.mediaType).toBe("3d");
    const file = result.files[0];
    expect(file?.contentType).toBe("model/gltf-binary");
    const bytes = file?.bytes as Buffer;
    expect(bytes.toString("ascii", 0, 4)).toBe("glTF");
    expect(bytes.readUInt32LE(4)).toBe(2);
    expect(bytes.readUInt32LE(8)).toBe(bytes.length);

    const doc = await new NodeIO().readBinary(new Uint8Array(bytes));
    const root = doc.getRoot();
    expect(root.getDefaultScene()?.listChildren().length).toBe(1);
    expect(root.listMeshes().length).toBeGreaterThanOrEqual(3);
    for (const primitive of root.listMeshes().flatMap((m) => m.listPrimitives())) {
      const position = primitive.getAttribute("POSITION");
      const normal = primitive.getAttribute("NORMAL");
      const indices = primitive.getIndices();
      expect(position?.getCount()).toBeGreaterThan(0);
      expect(normal?.getCount()).toBe(position?.getCount());
      const max = Math.max(...Array.from((indices?.getArray() ?? []) as ArrayLike<number>));
      expect(max).toBeLessThan(position?.getCount() ?? 0);
      for (const v of [...(position?.getMin([]) ?? []), ...(position?.getMax([]) ?? [])]) expect(Number.isFinite(v)).toBe(true);
      expect(primitive.getMaterial()?.getBaseColorFactor()).toHaveLength(4);
    }
    // colour words win: the main material of "a red … house" is red in linear space
    const [r, g, b] =
      root
        .listMaterials()
        .find((m) => m.getName() === "main")
        ?.getBaseColorFactor() ?? [];
    expect(r).toBeGreaterThan((g as number) * 3);
    expect(r).toBeGreaterThan((b as number) * 3);
  });

  it("picks the object from the prompt's words", async () => {
    expect((await buildMesh({ prompt: "an old pine tree", seed: 1, detail: "low" })).kind).toBe("tree");
    expect((await buildMesh({ prompt: "a lighthouse", seed: 1, detail: "low" })).kind).toBe("tower");
    expect((await buildMesh({ prompt: "a sports car", seed: 1, detail: "low" })).kind).toBe("vehicle");
  });

  it("is deterministic for a prompt and seed, and detail raises the segment count", async () => {
    const a = (await meshOf("a glass vase", { detail: "medium" })).files[0]?.bytes as Buffer;
    const b = (await meshOf("a glass vase", { detail: "medium" })).files[0]?.bytes as Buffer;
    const otherSeed = (await meshOf("a glass vase", { detail: "medium" }, 4)).files[0]?.bytes as Buffer;
    expect(a.equals(b)).toBe(true);
    expect(a.equals(otherSeed)).toBe(false);
    const io = new NodeIO();
    const low = vertexCount(
      await io.readBinary(new Uint8Array((await meshOf("a glass vase", { detail: "low" })).files[0]?.bytes as Buffer)),
    );
    const high = vertexCount(
      await io.readBinary(new Uint8Array((await meshOf("a glass vase", { detail: "high" })).files[0]?.bytes as Buffer)),
    );
    expect(high).toBeGreaterThan(low * 3);
  });
});
