import type { Rect } from "../../../domain/canvas/placement";
import type { AutosaveResponse, AutosaveUpdate, StructureRequestBody } from "../../../domain/canvas/node";
import { createCanvasClient, type CanvasData } from "../canvasClient";
import type { OutboxTransport } from "../outbox/outbox";
import type { StudioEdge, StudioNode } from "../store/canvasStore";

/** What reached the server, in order: the real client code over a transport that records and answers. */
export type Sent = { route: "autosave"; updates: AutosaveUpdate[] } | { route: "structure"; body: StructureRequestBody };

/** The node data writes a request carried: an autosave's, or what rode with a structure request. */
export const updatesOf = (s: Sent): AutosaveUpdate[] => (s.route === "autosave" ? s.updates : s.body.updates);

/**
 * A canvas client (the real one: store, commands, undo, outbox, inbound) whose requests are recorded and
 * answered by `answer` (default: stored, no conflicts). Tests read `sent` after `await client.flush()`.
 */
/** The free part of the view the recording client's canvas has, in flow coordinates. */
export const VISIBLE_AREA: Rect = { x: -990, y: -580, width: 2000, height: 1200 };

export function recordingClient(
  opts: {
    projectId?: string;
    canEdit?: boolean;
    nodes?: StudioNode[];
    edges?: StudioEdge[];
    answer?: (s: Sent) => Promise<AutosaveResponse | unknown>;
  } = {},
) {
  const sent: Sent[] = [];
  const revealed: Rect[] = [];
  const notes: string[] = [];
  const answer = opts.answer ?? (async (s: Sent) => (s.route === "autosave" ? { success: true, conflicts: [] } : { success: true }));
  const transport: OutboxTransport = {
    autosave: async (body) => {
      const s: Sent = { route: "autosave", updates: body.updates };
      sent.push(s);
      return (await answer(s)) as AutosaveResponse;
    },
    structure: async (_projectId, body) => {
      const s: Sent = { route: "structure", body };
      sent.push(s);
      return answer(s);
    },
  };
  const initial: CanvasData = {
    nodes: (opts.nodes ?? []).map((n) => ({
      id: n.id,
      type: n.type ?? "generic_v2",
      position: n.position,
      data: n.data,
      rev: n.data.rev ?? 0,
    })),
    edges: (opts.edges ?? []).map((e) => ({ id: e.id, source: e.source, target: e.target })),
    viewport: null,
  };
  let t = 1_700_000_000_000;
  const client = createCanvasClient({
    projectId: opts.projectId ?? "p",
    canEdit: opts.canEdit ?? true,
    initial,
    clientId: "tab-1",
    transport,
    indexedDB: null,
    notify: (_k, m) => notes.push(m),
    viewCenter: () => ({ x: 10, y: 20 }),
    // A 2000×1200 free view around that centre (the studio's 1440×900 at 60 %, panels cut away, is about this).
    visibleArea: () => VISIBLE_AREA,
    reveal: (bounds) => revealed.push(bounds),
    now: () => ++t,
  });
  const s = () => client.store.getState();
  const node = (id: string) => s().nodes.find((n) => n.id === id)!;
  /** Every data write sent: autosaves, and the data structure requests carried. */
  const writes = () => sent.flatMap(updatesOf);
  const structures = () => sent.flatMap((x) => (x.route === "structure" ? [x.body] : []));
  return { revealed, client, commands: client.commands, session: client.sessionActions, sent, notes, s, node, writes, structures };
}
