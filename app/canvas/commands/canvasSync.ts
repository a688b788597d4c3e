import type { NodeData, StructureRequest } from "../../../domain/canvas/node";

export type StructureChange = Partial<Omit<StructureRequest, "clientId">>;

/** Where commands hand their changes for saving; the canvas wires it to the write buffer and the API. */
export interface CanvasSync {
  saveNodeData(nodeId: string, data: NodeData, prevRev: number, opts?: { immediate?: boolean }): void;
  /** Merged and sent 500 ms after the last change (spec: canvas 9), or at once when `immediate`. */
  /** Resolves once the server has the change, for writes that must follow it (a restore, then data). */
  saveStructure(change: StructureChange, opts?: { immediate?: boolean }): Promise<void> | void;
}
