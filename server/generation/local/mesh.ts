/**
 * 'Local Mesh (procedural)': a GLB assembled from primitives, not by an AI model. The object kind comes from
 * the prompt's keywords (or its hash), the colours and PBR look from its colour and material words, the
 * proportions from prompt and seed; `detail` sets the segment counts.
 */
import { Document, NodeIO, type Material } from "@gltf-transform/core";
import type { EngineRequest, EngineResult } from "../engine";
import { paletteFor, colourHuesOf, hexToRgb, hsl } from "./palette";
import { enumParam, throwIfAborted } from "./params";
import { randomFor, wordsOf, between, type Random } from "./random";
import { SHAPES, shapeKindOf, type Part, type ShapeKind, type Slot } from "./meshShapes";
import type { Geometry } from "./meshGeometry";

const DETAIL_SEGMENTS = { low: 12, medium: 24, high: 48 } as const;
export type MeshDetail = keyof typeof DETAIL_SEGMENTS;

interface Look {
  colour: string;
  metallic: number;
  roughness: number;
  alpha?: number;
}

/** Material words → a PBR look; colour words may still change the colour. */
const MATERIAL_LOOKS: ReadonlyArray<{ words: readonly string[]; look: Look }> = [
  { words: ["gold", "golden", "brass"], look: { colour: "#d4a72c", metallic: 1, roughness: 0.25 } },
  {
    words: ["silver", "chrome", "steel", "metal", "metallic", "iron", "aluminium", "aluminum"],
    look: { colour: "#b8bcc4", metallic: 1, roughness: 0.3 },
  },
  { words: ["copper", "bronze", "rusty", "rust"], look: { colour: "#b06a3b", metallic: 0.9, roughness: 0.45 } },
  { words: ["wood", "wooden", "oak", "timber", "bamboo"], look: { colour: "#8a5a32", metallic: 0, roughness: 0.8 } },
  {
    words: ["stone", "rock", "marble", "concrete", "granite", "clay", "ceramic", "terracotta"],
    look: { colour: "#9a958c", metallic: 0, roughness: 0.9 },
  },
  { words: ["glass", "crystal", "ice", "transparent"], look: { colour: "#bfe3f2", metallic: 0, roughness: 0.05, alpha: 0.55 } },
  { words: ["plastic", "toy", "lego", "vinyl"], look: { colour: "#e04848", metallic: 0, roughness: 0.4 } },
];

function looksFor(words: readonly string[], prompt: string, seed: number, random: Random): Record<Slot, Look> {
  const set = new Set(words);
  const named = MATERIAL_LOOKS.find((m) => m.words.some((w) => set.has(w)))?.look;
  const palette = paletteFor(prompt, seed);
  const colourHue = colourHuesOf(words)[0];
  const mainColour =
    colourHue !== undefined
      ? hsl(colourHue, 70, 50)
      : (named?.colour ?? hsl(palette.hue, between(random, 45, 75), between(random, 40, 60)));
  const main: Look = {
    colour: mainColour,
    metallic: named?.metallic ?? (random() < 0.2 ? 0.8 : 0),
    roughness: named?.roughness ?? between(random, 0.35, 0.75),
    ...(named?.alpha ? { alpha: named.alpha } : {}),
  };
  const second: Look = { colour: hsl(palette.hue + 30, 35, 28), metallic: 0, roughness: 0.8 };
  const accent: Look = { colour: palette.accent, metallic: 0.3, roughness: 0.4 };
  return { main, second, accent };
}

function materialOf(doc: Document, name: string, look: Look): Material {
  // glTF base colour factors are linear; the palette is sRGB.
  const linear = hexToRgb(look.colour).map((c) => (c / 255) ** 2.2) as [number, number, number];
  const material = doc
    .createMaterial(name)
    .setBaseColorFactor([...linear, look.alpha ?? 1])
    .setMetallicFactor(look.metallic)
    .setRoughnessFactor(look.roughness);
  if (look.alpha !== undefined) material.setAlphaMode("BLEND").setDoubleSided(true);
  return material;
}

function addGeometry(doc: Document, name: string, geometry: Geometry, material: Material) {
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  const vertexCount = geometry.positions.length / 3;
  const position = doc.createAccessor(`${name}-position`).setType("VEC3").setArray(new Float32Array(geometry.positions)).setBuffer(buffer);
  const normal = doc.createAccessor(`${name}-normal`).setType("VEC3").setArray(new Float32Array(geometry.normals)).setBuffer(buffer);
  const indexArray = vertexCount > 65535 ? new Uint32Array(geometry.indices) : new Uint16Array(geometry.indices);
  const indices = doc.createAccessor(`${name}-indices`).setType("SCALAR").setArray(indexArray).setBuffer(buffer);
  const primitive = doc
    .createPrimitive()
    .setAttribute("POSITION", position)
    .setAttribute("NORMAL", normal)
    .setIndices(indices)
    .setMaterial(material);
  return doc.createMesh(name).addPrimitive(primitive);
}

export interface MeshInput {
  prompt: string;
  seed: number;
  detail: MeshDetail;
}

export interface BuiltMesh {
  glb: Uint8Array;
  kind: ShapeKind;
}

/** The GLB for a prompt. Exported for the benchmark and tests; the engine entry point is runMesh. */
export async function buildMesh({ prompt, seed, detail }: MeshInput): Promise<BuiltMesh> {
  const words = wordsOf(prompt);
  // The kind depends on the prompt only, so a new seed varies proportions, not what the object is.
  const kind = shapeKindOf(words, randomFor(prompt, 0, "mesh-kind"));
  const random = randomFor(prompt, seed, "mesh");
  const parts: Part[] = SHAPES[kind]({ random, segments: DETAIL_SEGMENTS[detail] });
  const looks = looksFor(words, prompt, seed, random);

  const doc = new Document();
  doc.getRoot().getAsset().generator = "Reelgraph Local Mesh (procedural)";
  doc.createBuffer();
  const materials = {
    main: materialOf(doc, "main", looks.main),
    second: materialOf(doc, "second", looks.second),
    accent: materialOf(doc, "accent", looks.accent),
  };
  const root = doc.createNode(kind);
  for (const part of parts) {
    const mesh = addGeometry(doc, part.name, part.geometry, materials[part.slot]);
    const placements = [{ translation: part.translation, rotation: part.rotation }, ...(part.copies ?? [])];
    placements.forEach((p, i) => {
      const node = doc.createNode(i === 0 ? part.name : `${part.name}-${i + 1}`).setMesh(mesh);
      if (p.translation) node.setTranslation(p.translation);
      if (p.rotation) node.setRotation(p.rotation);
      root.addChild(node);
    });
  }
  doc.createScene("scene").addChild(root);
  doc.getRoot().setDefaultScene(doc.getRoot().listScenes()[0] ?? null);
  const glb = await new NodeIO().writeBinary(doc);
  return { glb, kind };
}

export async function runMesh(request: EngineRequest): Promise<EngineResult> {
  throwIfAborted(request.signal);
  const detail = enumParam(request.params, "detail", ["low", "medium", "high"] as const, "medium");
  const { glb } = await buildMesh({ prompt: request.prompt, seed: request.seed, detail });
  request.onProgress({ percent: 100 });
  return { kind: "media", mediaType: "3d", files: [{ bytes: Buffer.from(glb), contentType: "model/gltf-binary" }] };
}
