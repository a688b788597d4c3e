import { type CanvasChange, type ChangeList, nodeData } from "../../../domain/canvas/changes";
import type { AutosaveResponse, AutosaveUpdate, NodeData, StructureRequestBody } from "../../../domain/canvas/node";
import { Outbox, type OutboxOptions, type OutboxStatus } from "./outbox";
import { MemoryOutboxStore } from "./outboxStore";

export const OK: AutosaveResponse = { success: true, conflicts: [] };

/** One request the outbox made, with the (fake) time it was made at. */
export type Request =
  | { route: "autosave"; updates: AutosaveUpdate[]; at: number }
  | { route: "structure"; body: StructureRequestBody; at: number };

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * An outbox whose transport records each request and answers with `answer` (default: stored). The
 * helpers feed it change lists the way the canvas document does.
 */
export function outboxUnderTest(opts: Partial<OutboxOptions> & { answer?: (r: Request) => Promise<unknown> } = {}) {
  const requests: Request[] = [];
  const statuses: OutboxStatus[] = [];
  const store = opts.store ?? new MemoryOutboxStore();
  const start = Date.now();
  const answer = opts.answer ?? (async (r: Request) => (r.route === "autosave" ? OK : { success: true }));
  const outbox = new Outbox({
    projectId: "p1",
    clientId: "tab",
    store,
    onStatus: (s) => statuses.push(s),
    ...opts,
    transport: {
      autosave: async (body) => {
        const r: Request = { route: "autosave", updates: body.updates, at: Date.now() - start };
        requests.push(r);
        return (await answer(r)) as AutosaveResponse;
      },
      structure: async (_p, body) => {
        const r: Request = { route: "structure", body, at: Date.now() - start };
        requests.push(r);
        return answer(r);
      },
    },
  });
  const take = (changes: CanvasChange[], extra: Partial<ChangeList> = {}) => outbox.take({ source: "user", changes, ...extra });
  const edit = (id: string, data: NodeData, prevRev = (data.rev ?? 1) - 1, urgent = false) =>
    take([nodeData(id, data, prevRev)], { urgent });
  /** Every request's data writes: autosaves, and the data a structure request carried. */
  const autosaves = () =>
    requests.flatMap((r) =>
      r.route === "autosave" ? [r] : r.body.updates.length ? [{ route: "autosave" as const, updates: r.body.updates, at: r.at }] : [],
    );
  const nodesOf = (i: number) => autosaves()[i]?.updates.map((u) => u.nodeId);
  const dataOf = (updates: AutosaveUpdate[]) => `data ${updates.map((u) => u.nodeId).join(",")}`;
  const describe = (r: Request) =>
    r.route === "autosave"
      ? dataOf(r.updates)
      : `shape ${shapeSummary(r.body)}${r.body.updates.length ? ` + ${dataOf(r.body.updates)}` : ""}`;
  return { outbox, requests, statuses, store, take, edit, autosaves, nodesOf, log: () => requests.map(describe) };
}

function shapeSummary(b: StructureRequestBody): string {
  const parts = [
    b.restoredNodeIds.length ? `restore ${b.restoredNodeIds.join(",")}` : "",
    b.nodes.length ? `place ${b.nodes.map((n) => n.id).join(",")}` : "",
    b.deletedNodeIds.length ? `delete ${b.deletedNodeIds.join(",")}` : "",
    b.edgesRemoved.length ? `unlink ${b.edgesRemoved.join(",")}` : "",
    b.edgesAdded.length ? `link ${b.edgesAdded.map((e) => e.id).join(",")}` : "",
    b.viewport ? "viewport" : "",
  ];
  return parts.filter(Boolean).join(" ");
}
