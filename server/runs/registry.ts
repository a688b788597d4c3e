/**
 * The registered run kinds, and the one place that tells a run's kind: from its row's `kind`, or, for rows
 * made before kinds were stored (and rows tests write by hand), from the model id and node id they carry.
 * No code outside server/runs decides a run's kind from a string (runKindGuard.test.ts).
 */
import { ANIMATIC_RUN_MODEL } from "../../domain/animatic/api";
import { findTool, toolIdOfRun } from "../../domain/tools/catalogue";
import type { NodeData } from "../../domain/canvas/node";
import type { RunDeps } from "./deps";
import type { AnyRunKind, RunRow } from "./kind";

/** The kinds' ids, as stored in `generations.kind`. */
export const RUN_KIND_IDS = {
  model: "model",
  shotImage: "shot-image",
  tool: "tool",
  loraTraining: "lora-training",
  animatic: "animatic",
} as const;

/** The node id prefix of runs that are not on the canvas (a shot list's image: `detached:shot:{id}`). */
const DETACHED_PREFIX = "detached:";

export class RunKindRegistry<D extends RunDeps = RunDeps> {
  private readonly kinds = new Map<string, AnyRunKind<D>>();

  constructor(kinds: readonly AnyRunKind<D>[]) {
    for (const kind of kinds) {
      if (this.kinds.has(kind.id)) throw new Error(`Run kind ${kind.id} is registered twice`);
      this.kinds.set(kind.id, kind);
    }
  }

  get(id: string): AnyRunKind<D> {
    const kind = this.kinds.get(id);
    if (!kind) throw new Error(`No run kind ${id} is registered`);
    return kind;
  }

  /**
   * What a node runs as a step of a graph run (Run all, selected, from here): the first kind, in the order
   * they were registered, that finds something to run in its data; null for an input (text, an upload).
   */
  stepFor(data: NodeData): { kind: AnyRunKind<D>; input: unknown; modelId: string } | null {
    for (const kind of this.kinds.values()) {
      const step = kind.onCanvas ? kind.chainStep?.(data) : null;
      if (step) return { kind, ...step };
    }
    return null;
  }

  /** The kind a stored run belongs to. */
  of(row: Pick<RunRow, "kind" | "modelId" | "nodeId">): AnyRunKind<D> {
    return this.get(row.kind ?? legacyKindId(row));
  }
}

function legacyKindId(row: Pick<RunRow, "modelId" | "nodeId">): string {
  if (row.nodeId.startsWith(DETACHED_PREFIX)) return RUN_KIND_IDS.shotImage;
  if (row.modelId === ANIMATIC_RUN_MODEL) return RUN_KIND_IDS.animatic;
  const toolId = toolIdOfRun(row.modelId);
  if (toolId) return findTool(toolId)?.training ? RUN_KIND_IDS.loraTraining : RUN_KIND_IDS.tool;
  return RUN_KIND_IDS.model;
}

/** The node id a run that is not on the canvas is recorded under. */
export const detachedNodeId = (key: string) => `${DETACHED_PREFIX}${key}`;
