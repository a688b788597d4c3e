import type { CanvasData } from "../../app/canvas/canvasClient";
import type { CanvasState } from "../../app/canvas/store/canvasStore";
import type { Ack } from "./simulatedTab";

/** Every data edit the run made: each value is unique, so where it ends up tells whose edit survived. */
export type EditLog = { nodeId: string; field: string; value: string }[];

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

/** Where a tab's canvas differs from the server's: one line per node or edge (view-only flags ignored). */
export function findDivergences(tab: string, local: Pick<CanvasState, "nodes" | "edges" | "groups">, server: CanvasData): string[] {
  const out: string[] = [];
  const serverNodes = new Map(server.nodes.map((n) => [n.id, n]));
  const localNodes = new Map(local.nodes.map((n) => [n.id, n]));
  for (const [id, n] of serverNodes) {
    const mine = localNodes.get(id);
    if (!mine) out.push(`${tab}: node ${id} missing (server has it at rev ${n.rev})`);
    else if (mine.position.x !== n.position.x || mine.position.y !== n.position.y)
      out.push(`${tab}: node ${id} at ${stable(mine.position)}, server ${stable(n.position)}`);
    else if (stable(mine.data) !== stable({ ...n.data, rev: n.rev }))
      out.push(`${tab}: node ${id} data ${stable(mine.data)} != server ${stable({ ...n.data, rev: n.rev })}`);
  }
  for (const id of localNodes.keys()) if (!serverNodes.has(id)) out.push(`${tab}: node ${id} shown, not on the server`);
  const serverEdges = new Set(server.edges.map((e) => `${e.id}:${e.source}->${e.target}`));
  const localEdges = new Set(local.edges.map((e) => `${e.id}:${e.source}->${e.target}`));
  for (const e of serverEdges) if (!localEdges.has(e)) out.push(`${tab}: edge ${e} missing`);
  for (const e of localEdges) if (!serverEdges.has(e)) out.push(`${tab}: edge ${e} shown, not on the server`);
  // Groups: the same records, whatever order they were made in.
  const serverGroups = new Map((server.groups ?? []).map((g) => [g.id, stable(g)]));
  const localGroups = new Map(local.groups.map((g) => [g.id, stable(g)]));
  for (const [id, g] of serverGroups)
    if (localGroups.get(id) !== g) out.push(`${tab}: group ${id} ${localGroups.get(id) ?? "missing"}, server ${g}`);
  for (const id of localGroups.keys()) if (!serverGroups.has(id)) out.push(`${tab}: group ${id} shown, not on the server`);
  return out;
}

/** A write the server stored, stamped with how many edits the run had made when its answer came. */
export type StampedAck = Ack & { editsMade: number };

/**
 * Acknowledged edits that are gone. An edit is lost when its node is gone although nobody removed it, or
 * when the field's final value is one the server had already acknowledged before the edit was even made:
 * a value everyone could have seen came back over a newer edit. Two edits of one field made while neither
 * was on the server yet are concurrent (neither person saw the other's), and either may end on top, as in
 * any last-writer-wins store; a final value whose acknowledgement the run never saw (its answer was lost)
 * is counted as concurrent too.
 */
export function findLostEdits(server: CanvasData, acks: StampedAck[], edits: EditLog, removed: ReadonlySet<string>): string[] {
  const firstAck = new Map<string, StampedAck>();
  for (const a of acks) {
    for (const [field, value] of Object.entries(a.data)) {
      if (typeof value !== "string") continue;
      const key = `${a.nodeId}\u0000${field}\u0000${value}`;
      const known = firstAck.get(key);
      if (!known || a.editsMade < known.editsMade) firstAck.set(key, a);
    }
  }
  const nodes = new Map(server.nodes.map((n) => [n.id, n]));
  const lost: string[] = [];
  for (const e of edits) {
    const acked = firstAck.get(`${e.nodeId}\u0000${e.field}\u0000${e.value}`);
    if (!acked) continue;
    const node = nodes.get(e.nodeId);
    if (!node) {
      if (!removed.has(e.nodeId))
        lost.push(`node ${e.nodeId} is gone though nobody removed it (its ${e.field} was acknowledged at rev ${acked.rev})`);
      continue;
    }
    const final = (node.data as Record<string, unknown>)[e.field];
    if (final === e.value) continue;
    // Nothing in the run removes a field: a field gone after an acknowledged edit is lost outright.
    const finalAck = typeof final === "string" ? firstAck.get(`${e.nodeId}\u0000${e.field}\u0000${final}`) : undefined;
    const finalOnServerBefore = typeof final !== "string" || (finalAck !== undefined && finalAck.editsMade < editOrder(e.value));
    if (finalOnServerBefore)
      lost.push(
        `node ${e.nodeId} ${e.field}: "${e.value}" (acknowledged at rev ${acked.rev}) was replaced by "${String(final)}", which the server had before it was typed`,
      );
  }
  // A node whose first write was acknowledged exists, unless someone removed it.
  for (const nodeId of new Set(acks.map((a) => a.nodeId))) {
    if (!nodes.has(nodeId) && !removed.has(nodeId)) lost.push(`node ${nodeId} was saved but is gone, and nobody removed it`);
  }
  return [...new Set(lost)];
}

/** Where an edit stands in the run: its value ends in the run's edit counter ('title-tab1-7-42' → 42). */
function editOrder(value: string): number {
  const m = /-(\d+)$/.exec(value);
  return m ? Number(m[1]) : -1;
}
