/**
 * Vertex attributes in fewer bits (KHR_mesh_quantization, which three.js / <model-viewer> read):
 * - POSITION → 16-bit normalised, in a box around each mesh; the mesh moves onto a child node whose
 *   translation + uniform scale map the box back (uniform, so normals stay right). Error ≤ size / 65534.
 *   Skipped for skinned meshes (their node transform is ignored) and morph targets.
 * - NORMAL, TANGENT → 8-bit normalised; TEXCOORD in [0, 1] and float COLOR → 16-bit normalised (core glTF).
 */
import { Accessor, Extension, Node, type Document, type Mesh, type TypedArray } from "@gltf-transform/core";

/** The extension itself has no data: it only declares the integer attribute types allowed. */
export class KHRMeshQuantization extends Extension {
  static override readonly EXTENSION_NAME = "KHR_mesh_quantization";
  override readonly extensionName = "KHR_mesh_quantization";
  read(): this {
    return this;
  }
  write(): this {
    return this;
  }
}

function floats(accessor: Accessor): Float32Array | null {
  const array = accessor.getArray();
  return accessor.getComponentType() === Accessor.ComponentType.FLOAT && array instanceof Float32Array ? array : null;
}

function encoded(doc: Document, source: Accessor, array: TypedArray): Accessor {
  return doc.createAccessor(source.getName()).setType(source.getType()).setArray(array).setNormalized(true).setBuffer(source.getBuffer());
}

/** Unit vectors (xyz; w kept for tangents) → signed 8-bit. */
function quantizeDirections(doc: Document, source: Accessor): Accessor | null {
  const f = floats(source);
  if (!f) return null;
  const size = source.getElementSize();
  const out = new Int8Array(f.length);
  for (let i = 0; i < f.length; i += size) {
    const [x, y, z] = [f[i] as number, f[i + 1] as number, f[i + 2] as number];
    const length = Math.hypot(x, y, z) || 1;
    out[i] = Math.round((x / length) * 127);
    out[i + 1] = Math.round((y / length) * 127);
    out[i + 2] = Math.round((z / length) * 127);
    if (size === 4) out[i + 3] = (f[i + 3] as number) < 0 ? -127 : 127;
  }
  return encoded(doc, source, out);
}

/** Values already in [0, 1] → unsigned 16-bit (null when any is outside, e.g. tiling UVs). */
function quantizeUnit(doc: Document, source: Accessor): Accessor | null {
  const f = floats(source);
  if (!f || f.some((v) => !(v >= 0 && v <= 1))) return null;
  return encoded(
    doc,
    source,
    Uint16Array.from(f, (v) => Math.round(v * 65535)),
  );
}

interface Box {
  centre: [number, number, number];
  scale: number;
}

function boxOf(mesh: Mesh): Box | null {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const prim of mesh.listPrimitives()) {
    const f = floats(prim.getAttribute("POSITION") as Accessor);
    if (!f) return null;
    for (let i = 0; i < f.length; i++) {
      const axis = i % 3;
      min[axis] = Math.min(min[axis] as number, f[i] as number);
      max[axis] = Math.max(max[axis] as number, f[i] as number);
    }
  }
  if (!min.every(Number.isFinite)) return null;
  const centre = [0, 1, 2].map((a) => ((min[a] as number) + (max[a] as number)) / 2) as [number, number, number];
  const scale = Math.max(...[0, 1, 2].map((a) => ((max[a] as number) - (min[a] as number)) / 2)) || 1;
  return { centre, scale };
}

function quantizePositions(doc: Document, source: Accessor, box: Box): Accessor {
  const f = floats(source) as Float32Array;
  const out = new Int16Array(f.length);
  for (let i = 0; i < f.length; i++) {
    const v = ((f[i] as number) - (box.centre[i % 3] as number)) / box.scale;
    out[i] = Math.max(-32767, Math.min(32767, Math.round(v * 32767)));
  }
  return encoded(doc, source, out);
}

/** Quantizes every mesh it can; true when the document now needs KHR_mesh_quantization. */
export function quantize(doc: Document): boolean {
  let needsExtension = false;
  const cache = new Map<string, Accessor | null>();
  const once = (key: string, make: () => Accessor | null) => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key) ?? null;
  };
  const ids = new Map<Accessor, number>();
  const id = (a: Accessor) => ids.get(a) ?? (ids.set(a, ids.size), ids.size - 1);
  for (const mesh of doc.getRoot().listMeshes()) {
    const prims = mesh.listPrimitives();
    if (prims.some((p) => p.listTargets().length > 0 || !p.getAttribute("POSITION"))) continue;
    const nodes = mesh.listParents().filter((p): p is Node => p instanceof Node);
    const box = nodes.length > 0 && nodes.every((n) => !n.getSkin()) ? boxOf(mesh) : null;
    for (const prim of prims) {
      for (const semantic of prim.listSemantics()) {
        const source = prim.getAttribute(semantic) as Accessor;
        let next: Accessor | null = null;
        if (semantic === "POSITION" && box)
          next = once(`p${id(source)}|${box.centre.join(",")}|${box.scale}`, () => quantizePositions(doc, source, box));
        else if (semantic === "NORMAL" || semantic === "TANGENT") next = once(`d${id(source)}`, () => quantizeDirections(doc, source));
        else if (semantic.startsWith("TEXCOORD_") || semantic.startsWith("COLOR_"))
          next = once(`u${id(source)}`, () => quantizeUnit(doc, source));
        if (!next) continue;
        prim.setAttribute(semantic, next);
        if (!semantic.startsWith("TEXCOORD_") && !semantic.startsWith("COLOR_")) needsExtension = true;
      }
    }
    if (!box) continue;
    for (const node of nodes) {
      // the mesh sits on a child whose transform undoes the box mapping; the node keeps its own transform and children
      const holder = doc
        .createNode(`${node.getName() || mesh.getName() || "mesh"}-dequantize`)
        .setTranslation(box.centre)
        .setScale([box.scale, box.scale, box.scale])
        .setMesh(mesh);
      node.setMesh(null).addChild(holder);
    }
  }
  return needsExtension;
}
