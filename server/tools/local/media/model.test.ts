import { Accessor, Document, getBounds, NodeIO, Primitive, type Node } from "@gltf-transform/core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { compressModel, KHRMeshQuantization, ToolInputError } from "./index";

const options = () => ({ signal: new AbortController().signal });

/** A wavy 40×40 grid as a triangle soup (every corner its own vertex), with normals and UVs in [0, 1]. */
function gridSoup(n = 40) {
  const at = (i: number, j: number) => {
    const x = i / n - 0.5;
    const z = j / n - 0.5;
    return { p: [x * 2, Math.sin(x * 6) * 0.2, z * 1.5], uv: [i / n, j / n] };
  };
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      for (const [a, b] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 0],
        [1, 1],
        [0, 1],
      ] as Array<[number, number]>) {
        const v = at(i + a, j + b);
        positions.push(...v.p);
        const slope = Math.cos(((i + a) / n - 0.5) * 6) * 1.2;
        const length = Math.hypot(slope, 1);
        normals.push(-slope / length, 1 / length, 0);
        uvs.push(...v.uv);
      }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), uvs: new Float32Array(uvs) };
}

/** Two copies of the grid (separate accessors, identical materials with identical textures), one unused material. */
async function fixture(): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3080c0" } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const scene = doc.createScene();
  const { positions, normals, uvs } = gridSoup();
  for (const [k, offset] of [0, 3].entries()) {
    const texture = doc.createTexture(`t${k}`).setImage(new Uint8Array(png)).setMimeType("image/png");
    const material = doc.createMaterial(`m${k}`).setBaseColorTexture(texture).setRoughnessFactor(0.6);
    const prim = doc
      .createPrimitive()
      .setAttribute("POSITION", doc.createAccessor().setType("VEC3").setArray(positions.slice()).setBuffer(buffer))
      .setAttribute("NORMAL", doc.createAccessor().setType("VEC3").setArray(normals.slice()).setBuffer(buffer))
      .setAttribute("TEXCOORD_0", doc.createAccessor().setType("VEC2").setArray(uvs.slice()).setBuffer(buffer))
      .setMaterial(material);
    const node = doc
      .createNode(`grid${k}`)
      .setMesh(doc.createMesh(`grid${k}`).addPrimitive(prim))
      .setTranslation([offset, 0, 0])
      .setScale([1 + k, 1, 1]);
    scene.addChild(node);
  }
  doc.createMaterial("unused").setBaseColorFactor([1, 0, 0, 1]);
  doc.createAccessor("orphan").setType("SCALAR").setArray(new Float32Array(1000)).setBuffer(buffer);
  return Buffer.from(await new NodeIO().writeBinary(doc));
}

const io = () => new NodeIO().registerExtensions([KHRMeshQuantization]);

/** Triangles and their total world-space area. */
function surface(doc: Document): { triangles: number; area: number } {
  let triangles = 0;
  let area = 0;
  const visit = (node: Node) => {
    const mesh = node.getMesh();
    const m = node.getWorldMatrix();
    const world = (p: number[]) =>
      [0, 1, 2].map(
        (r) =>
          (m[r] as number) * (p[0] as number) +
          (m[4 + r] as number) * (p[1] as number) +
          (m[8 + r] as number) * (p[2] as number) +
          (m[12 + r] as number),
      );
    for (const prim of mesh?.listPrimitives() ?? []) {
      const pos = prim.getAttribute("POSITION") as Accessor;
      const indices = prim.getIndices();
      const count = indices ? indices.getCount() : pos.getCount();
      for (let t = 0; t < count; t += 3) {
        const [a, b, c] = [0, 1, 2].map((k) => world(pos.getElement(indices ? indices.getScalar(t + k) : t + k, []))) as [
          number[],
          number[],
          number[],
        ];
        const u = [0, 1, 2].map((i) => (b[i] as number) - (a[i] as number));
        const v = [0, 1, 2].map((i) => (c[i] as number) - (a[i] as number));
        const cross = [
          (u[1] as number) * (v[2] as number) - (u[2] as number) * (v[1] as number),
          (u[2] as number) * (v[0] as number) - (u[0] as number) * (v[2] as number),
          (u[0] as number) * (v[1] as number) - (u[1] as number) * (v[0] as number),
        ];
        area += Math.hypot(...cross) / 2;
        triangles++;
      }
    }
    node.listChildren().forEach(visit);
  };
  doc.getRoot().listScenes()[0]?.listChildren().forEach(visit);
  return { triangles, area };
}

describe("compressModel", () => {
  it("makes a smaller GLB that loads with the same geometry", async () => {
    const glb = await fixture();
    const progress: number[] = [];
    const out = await compressModel(
      { bytes: glb, contentType: "model/gltf-binary" },
      { ...options(), onProgress: (f) => progress.push(f) },
    );
    expect(out.contentType).toBe("model/gltf-binary");
    expect(out.bytes.length).toBeLessThan(glb.length * 0.15);
    expect(progress.at(-1)).toBe(1);

    const before = await io().readBinary(new Uint8Array(glb));
    const after = await io().readBinary(new Uint8Array(out.bytes));
    const root = after.getRoot();
    expect(root.listTextures()).toHaveLength(1); // identical textures merged
    expect(root.listMaterials()).toHaveLength(1); // identical materials merged, the unused one gone
    expect(root.listMeshes()).toHaveLength(1); // then the two meshes were equal
    expect(root.listExtensionsUsed().map((e) => e.extensionName)).toEqual(["KHR_mesh_quantization"]);
    const prim = root.listMeshes()[0]?.listPrimitives()[0] as Primitive;
    expect(prim.getIndices()).not.toBeNull(); // welded
    expect(prim.getAttribute("POSITION")?.getCount()).toBe(41 * 41);
    expect(prim.getAttribute("POSITION")?.getComponentType()).toBe(Accessor.ComponentType.SHORT);
    expect(prim.getAttribute("NORMAL")?.getComponentType()).toBe(Accessor.ComponentType.BYTE);
    expect(prim.getAttribute("TEXCOORD_0")?.getComponentType()).toBe(Accessor.ComponentType.UNSIGNED_SHORT);

    const [b0, b1] = [before, after].map((d) => getBounds(d.getRoot().listScenes()[0] as never));
    for (const k of ["min", "max"] as const) for (let i = 0; i < 3; i++) expect(b1?.[k][i]).toBeCloseTo(b0?.[k][i] as number, 3);
    const [s0, s1] = [surface(before), surface(after)];
    expect(s1.triangles).toBe(s0.triangles);
    expect(Math.abs(s1.area - s0.area) / s0.area).toBeLessThan(1e-3);
    const json = JSON.parse(out.bytes.toString("utf8", 20, 20 + out.bytes.readUInt32LE(12))) as { extensionsRequired?: string[] };
    expect(json.extensionsRequired).toEqual(["KHR_mesh_quantization"]);
  });

  it("loads in three.js (what <model-viewer> renders with)", async () => {
    const out = await compressModel({ bytes: await fixture(), contentType: "model/gltf-binary" }, options());
    const doc = await io().readBinary(new Uint8Array(out.bytes));
    for (const texture of doc.getRoot().listTextures()) texture.dispose(); // three.js needs a DOM to decode images
    const bytes = await io().writeBinary(doc);
    const specifier = "three/examples/jsm/loaders/GLTFLoader.js";
    type Object3D = { isMesh?: boolean; geometry?: { attributes: Record<string, { normalized: boolean; count: number }> } };
    type Loaded = { scene: { traverse(visit: (o: Object3D) => void): void } };
    const { GLTFLoader } = (await import(/* @vite-ignore */ specifier)) as {
      GLTFLoader: new () => { parse(data: ArrayBuffer, path: string, ok: (gltf: Loaded) => void, fail: (err: unknown) => void): void };
    };
    const gltf = await new Promise<Loaded>((resolve, reject) => new GLTFLoader().parse(bytes.slice().buffer, "", resolve, reject));
    const meshes: Array<{ normalized: boolean; count: number }> = [];
    gltf.scene.traverse((o) => {
      const position = o.isMesh ? o.geometry?.attributes.position : undefined;
      if (position) meshes.push(position);
    });
    expect(meshes).toHaveLength(2);
    expect(meshes[0]).toMatchObject({ normalized: true, count: 41 * 41 });
  });

  it("refuses what is not a GLB, and extensions it would drop", async () => {
    await expect(compressModel({ bytes: Buffer.from("solid cube\nendsolid"), contentType: "model/stl" }, options())).rejects.toThrow(
      new ToolInputError("model must be a binary glTF (.glb) file"),
    );
    const glb = await fixture();
    const jsonLength = glb.readUInt32LE(12);
    const json = JSON.parse(glb.toString("utf8", 20, 20 + jsonLength)) as Record<string, unknown>;
    json.extensionsUsed = ["KHR_draco_mesh_compression"];
    const text = Buffer.from(JSON.stringify(json).padEnd(Math.ceil(JSON.stringify(json).length / 4) * 4, " "));
    const header = Buffer.alloc(20);
    header.write("glTF", 0, "ascii");
    header.writeUInt32LE(2, 4);
    header.writeUInt32LE(20 + text.length + (glb.length - 20 - jsonLength), 8);
    header.writeUInt32LE(text.length, 12);
    header.write("JSON", 16, "ascii");
    const edited = Buffer.concat([header, text, glb.subarray(20 + jsonLength)]);
    await expect(compressModel({ bytes: edited, contentType: "model/gltf-binary" }, options())).rejects.toThrow(
      "model uses glTF extensions that cannot be kept when compressing: KHR_draco_mesh_compression",
    );
  });

  it("returns the original when nothing can be saved", async () => {
    const doc = new Document();
    doc.createScene().addChild(doc.createNode("empty"));
    const glb = Buffer.from(await new NodeIO().writeBinary(doc));
    const out = await compressModel({ bytes: glb, contentType: "model/gltf-binary" }, options());
    expect(out.bytes.equals(glb)).toBe(true);
  });
});
