/**
 * Lossless clean-up of a glTF document with @gltf-transform/core alone (@gltf-transform/functions, which has
 * dedup/prune/weld, is not installed): one buffer, identical accessors/textures/materials/meshes merged,
 * bit-identical vertices welded into indexed triangles, and whatever nothing refers to any more removed.
 */
import { createHash } from "node:crypto";
import { Accessor, Mesh, Primitive, Texture, type Document, type Property, type TypedArray } from "@gltf-transform/core";

function bytesOf(array: TypedArray): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

function hash(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("hex");
}

/** Disposes of a property; a mesh takes its primitives (and their morph targets) with it, or they would keep their accessors alive. */
function dispose(property: Property): void {
  if (property instanceof Mesh)
    for (const prim of property.listPrimitives()) {
      for (const target of prim.listTargets()) target.dispose();
      prim.dispose();
    }
  property.dispose();
}

/** Points every reference to `duplicate` at `keep`, then disposes of it. */
function replace(doc: Document, duplicate: Property, keep: Property): void {
  for (const parent of duplicate.listParents()) if (parent !== doc.getRoot()) parent.swap(duplicate, keep);
  dispose(duplicate);
}

/** A GLB holds one binary chunk: every accessor moves into the first buffer. */
export function mergeBuffers(doc: Document): void {
  const root = doc.getRoot();
  const main = root.listBuffers()[0] ?? doc.createBuffer();
  main.setURI("");
  for (const accessor of root.listAccessors()) if (accessor.getBuffer() !== main) accessor.setBuffer(main);
  for (const buffer of root.listBuffers()) if (buffer !== main) buffer.dispose();
}

export function dedupAccessors(doc: Document): void {
  const graph = doc.getGraph();
  const seen = new Map<string, Accessor>();
  for (const accessor of doc.getRoot().listAccessors()) {
    const array = accessor.getArray();
    if (!array) continue;
    // an index list and a vertex attribute with equal bytes still live in different kinds of buffer view
    const uses = [...new Set(graph.listParentEdges(accessor).map((edge) => edge.getName()))].sort().join(",");
    const key = [
      accessor.getType(),
      accessor.getComponentType(),
      accessor.getNormalized(),
      accessor.getCount(),
      accessor.getSparse(),
      uses,
      hash(bytesOf(array)),
    ].join("|");
    const kept = seen.get(key);
    if (kept) replace(doc, accessor, kept);
    else seen.set(key, accessor);
  }
}

export function dedupTextures(doc: Document): void {
  const seen = new Map<string, Texture>();
  for (const texture of doc.getRoot().listTextures()) {
    const image = texture.getImage();
    if (!image) continue;
    const key = `${texture.getMimeType()}|${hash(image)}`;
    const kept = seen.get(key);
    if (kept) replace(doc, texture, kept);
    else seen.set(key, texture);
  }
}

function dedupEqual<T extends Property>(doc: Document, list: T[]): void {
  const skip = new Set(["name"]);
  const kept: T[] = [];
  for (const item of list) {
    const same = kept.find((k) => k.equals(item, skip));
    if (same) replace(doc, item, same);
    else kept.push(item);
  }
}

/** Materials, then meshes (whose primitives may now share materials), that are equal in everything but their name. */
export function dedupMaterialsAndMeshes(doc: Document): void {
  dedupEqual(doc, doc.getRoot().listMaterials());
  dedupEqual(doc, doc.getRoot().listMeshes());
}

/** Indexed triangles whose bit-identical vertices are one; unused vertices dropped, first-use order. */
export function weld(doc: Document): void {
  const buffer = doc.getRoot().listBuffers()[0];
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const position = prim.getAttribute("POSITION");
      if (prim.getMode() !== Primitive.Mode.TRIANGLES || !position) continue;
      const count = position.getCount();
      const owners: Array<{ set(accessor: Accessor): void; accessor: Accessor }> = [];
      for (const semantic of prim.listSemantics())
        owners.push({ accessor: prim.getAttribute(semantic) as Accessor, set: (a) => prim.setAttribute(semantic, a) });
      for (const target of prim.listTargets())
        for (const semantic of target.listSemantics())
          owners.push({ accessor: target.getAttribute(semantic) as Accessor, set: (a) => target.setAttribute(semantic, a) });
      if (owners.some((o) => !o.accessor.getArray() || o.accessor.getCount() !== count)) continue;
      const views = owners.map((o) => ({
        bytes: bytesOf(o.accessor.getArray() as TypedArray),
        stride: (o.accessor.getArray() as TypedArray).BYTES_PER_ELEMENT * o.accessor.getElementSize(),
      }));
      const oldIndices = prim.getIndices()?.getArray() ?? null;
      const corners = oldIndices ? oldIndices.length : count;
      const remap = new Int32Array(count).fill(-1);
      const byKey = new Map<string, number>();
      const firstOld: number[] = [];
      const indices = new Uint32Array(corners);
      for (let i = 0; i < corners; i++) {
        const old = oldIndices ? (oldIndices[i] as number) : i;
        let next = remap[old] as number;
        if (next < 0) {
          const key = views.map((v) => v.bytes.toString("latin1", old * v.stride, (old + 1) * v.stride)).join("");
          next = byKey.get(key) ?? firstOld.length;
          if (next === firstOld.length) {
            byKey.set(key, next);
            firstOld.push(old);
          }
          remap[old] = next;
        }
        indices[i] = next;
      }
      if (firstOld.length === count) continue; // nothing to weld: indexing would only add bytes
      for (const owner of owners) {
        const source = owner.accessor;
        const array = source.getArray() as TypedArray;
        const size = source.getElementSize();
        const out = new (array.constructor as new (length: number) => TypedArray)(firstOld.length * size);
        for (const [i, old] of firstOld.entries()) out.set(array.subarray(old * size, (old + 1) * size), i * size);
        owner.set(
          doc
            .createAccessor(source.getName())
            .setType(source.getType())
            .setNormalized(source.getNormalized())
            .setArray(out)
            .setBuffer(buffer ?? null),
        );
      }
      const indexArray = firstOld.length <= 65535 ? Uint16Array.from(indices) : indices;
      prim.setIndices(
        doc
          .createAccessor()
          .setType("SCALAR")
          .setArray(indexArray)
          .setBuffer(buffer ?? null),
      );
    }
  }
}

/** Removes meshes, materials, textures and accessors nothing refers to (repeated: removing one frees others). */
export function prune(doc: Document): void {
  const root = doc.getRoot();
  const unused = (p: Property) => p.listParents().every((parent) => parent === root);
  for (let changed = true; changed; ) {
    changed = false;
    for (const list of [root.listMeshes(), root.listMaterials(), root.listTextures(), root.listAccessors()] as Property[][]) {
      for (const item of list) {
        if (!unused(item)) continue;
        dispose(item);
        changed = true;
      }
    }
  }
}
