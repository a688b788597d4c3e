/**
 * Making a GLB smaller with @gltf-transform/core: lossless clean-up (modelOptimize: merge duplicates, weld,
 * prune), vertex quantization (modelQuantize, KHR_mesh_quantization), PNG textures re-compressed losslessly
 * with sharp. glTF extensions this code does not know (Draco, material extensions, …) would be dropped
 * silently by the reader, so such a file is refused rather than altered; the original is returned when the
 * result is not smaller.
 */
import { Document, NodeIO } from "@gltf-transform/core";
import sharp from "sharp";
import { dedupAccessors, dedupMaterialsAndMeshes, dedupTextures, mergeBuffers, prune, weld } from "./modelOptimize";
import { KHRMeshQuantization, quantize } from "./modelQuantize";
import { throwIfAborted } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

const KNOWN_EXTENSIONS = new Set([KHRMeshQuantization.EXTENSION_NAME]);

/** The JSON chunk of a GLB, or a ToolInputError naming the field. */
export function glbJson(bytes: Buffer, field = "model"): { extensionsUsed?: string[] } {
  if (bytes.length < 20 || bytes.toString("ascii", 0, 4) !== "glTF") throw new ToolInputError(`${field} must be a binary glTF (.glb) file`);
  if (bytes.readUInt32LE(4) !== 2) throw new ToolInputError(`${field} must be glTF 2.0 (got version ${bytes.readUInt32LE(4)})`);
  const length = bytes.readUInt32LE(12);
  if (bytes.toString("ascii", 16, 20) !== "JSON" || 20 + length > bytes.length) throw new ToolInputError(`${field} is a damaged GLB file`);
  try {
    return JSON.parse(bytes.toString("utf8", 20, 20 + length)) as { extensionsUsed?: string[] };
  } catch {
    throw new ToolInputError(`${field} is a damaged GLB file`);
  }
}

function io(): NodeIO {
  return new NodeIO().registerExtensions([KHRMeshQuantization]);
}

/** Re-encodes PNG textures at maximum lossless compression, keeping whichever is smaller. */
async function recompressTextures(doc: Document, signal: AbortSignal): Promise<void> {
  for (const texture of doc.getRoot().listTextures()) {
    throwIfAborted(signal);
    const image = texture.getImage();
    if (!image || texture.getMimeType() !== "image/png") continue;
    try {
      // 16-bit (e.g. height or normal maps) would come back as 8-bit: left alone
      if ((await sharp(image).metadata()).depth !== "uchar") continue;
      const smaller = await sharp(image).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
      if (smaller.length < image.length) texture.setImage(new Uint8Array(smaller));
    } catch {
      // a texture sharp cannot read is left as it was
    }
  }
}

export { KHRMeshQuantization };

export async function compressModel(glb: MediaFile, options: ToolRunOptions): Promise<MediaFile> {
  const { signal, onProgress } = options;
  throwIfAborted(signal);
  const unknown = (glbJson(glb.bytes).extensionsUsed ?? []).filter((name) => !KNOWN_EXTENSIONS.has(name));
  if (unknown.length > 0)
    throw new ToolInputError(`model uses glTF extensions that cannot be kept when compressing: ${unknown.join(", ")}`);
  let doc: Document;
  try {
    doc = await io().readBinary(new Uint8Array(glb.bytes));
  } catch (err) {
    throw new ToolInputError(`model could not be read: ${(err as Error).message}`);
  }
  const steps: Array<(d: Document) => void> = [
    mergeBuffers,
    dedupAccessors,
    dedupTextures,
    dedupMaterialsAndMeshes,
    weld,
    dedupAccessors,
    prune,
  ];
  for (const [i, step] of steps.entries()) {
    throwIfAborted(signal);
    step(doc);
    onProgress?.((0.5 * (i + 1)) / steps.length);
  }
  if (quantize(doc)) doc.createExtension(KHRMeshQuantization).setRequired(true);
  prune(doc);
  onProgress?.(0.6);
  await recompressTextures(doc, signal);
  throwIfAborted(signal);
  onProgress?.(0.9);
  const bytes = Buffer.from(await io().writeBinary(doc));
  onProgress?.(1);
  return bytes.length < glb.bytes.length
    ? { bytes, contentType: "model/gltf-binary" }
    : { bytes: glb.bytes, contentType: "model/gltf-binary" };
}
