import type { SubgraphData, SubgraphInput } from "../canvas/subgraph";

const TAKES_IMAGE = new Set(["image", "video", "model3d"]);

/**
 * The port an image goes into when a block is used "on this image": the first input whose inner nodes make
 * an image, video or 3D model from what they are given (they read a picture), else the first input at all.
 */
export function imageInputOf(sub: SubgraphData): SubgraphInput | null {
  const kindOf = new Map(sub.nodes.map((n) => [n.id, n.data.contentType as string | undefined]));
  return sub.inputs.find((p) => p.targets.some((t) => TAKES_IMAGE.has(kindOf.get(t) ?? ""))) ?? sub.inputs[0] ?? null;
}
