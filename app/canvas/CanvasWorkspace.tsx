import { CREDITS_KEY } from "../api/projects";
import { takeReveal } from "./reveal";
import { useEffect, useMemo, useRef, useState } from "react";
import { ReactFlowProvider, type ReactFlowInstance } from "@xyflow/react";
import type { AutosaveResponse, CanvasEdge, CanvasNode, Viewport } from "../../domain/canvas/node";
import { statusOnLoad } from "../../domain/canvas/contentType";
import { api } from "../api/client";
import { toast } from "../ui";
import { reportSaveStatus } from "../project/saveStatus";
import { createCanvasStore, type StudioEdge, type StudioNode } from "./store/canvasStore";
import { CanvasContext } from "./store/useCanvas";
import { createCanvasCommands } from "./commands/canvasCommands";
import { createCanvasSaver } from "./sync/canvasSaver";
import { openLiveChannel } from "./sync/liveChannel";
import { FlowCanvas } from "./FlowCanvas";
import { PropertiesSidebar } from "./sidebar/PropertiesSidebar";
import { FocusedView } from "./FocusedView";
import { RenameDialog } from "./RenameDialog";
import { useCanvasShortcuts } from "./useCanvasShortcuts";
import { createGenerationController } from "./generation/generationController";
import { GenerationToolbar } from "./generation/GenerationToolbar";
import { useQueryClient } from "@tanstack/react-query";
import { Clapperboard } from "lucide-react";

export interface CanvasData {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  viewport: Viewport | null;
}

export const toStudioNode = (n: CanvasNode): StudioNode => ({
  id: n.id,
  type: n.type,
  position: n.position,
  data: { ...n.data, rev: n.rev, status: statusOnLoad(n.data) },
});
export const toStudioEdge = (e: CanvasEdge): StudioEdge => ({ ...e, type: "default" });

/** From a node's top-left corner to about the middle of its card. */
const REVEAL_OFFSET = 190;

/** One open canvas: its store, commands, savers and live channel live exactly as long as this does. */
export function CanvasWorkspace({ projectId, canEdit, initial }: { projectId: string; canEdit: boolean; initial: CanvasData }) {
  const queryClient = useQueryClient();
  const flow = useRef<ReactFlowInstance<StudioNode, StudioEdge> | null>(null);
  const clientId = useMemo(() => crypto.randomUUID(), []);
  const [ctx] = useState(() => {
    const store = createCanvasStore({ projectId, canEdit, nodes: initial.nodes.map(toStudioNode), edges: initial.edges.map(toStudioEdge), viewport: initial.viewport });
    let commandsRef: ReturnType<typeof createCanvasCommands> | null = null;
    const saver = createCanvasSaver({
      projectId,
      clientId,
      onStatus: reportSaveStatus,
      onConflicts: (conflicts) => commandsRef?.applyConflicts(conflicts),
      onSaved: (writes) => commandsRef?.noteSaved(writes),
      onRestored: (writes) => commandsRef?.showUnsaved([], writes),
      onRejected: (message) => toast.error(message),
    });
    const commands = createCanvasCommands({
      store,
      sync: saver,
      notify: (kind, message) => toast[kind](message),
      viewCenter: () => {
        const rf = flow.current;
        const el = document.querySelector(".react-flow");
        if (!rf || !el) return null;
        const r = el.getBoundingClientRect();
        return rf.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
      },
    });
    commandsRef = commands;
    // Structure changes an earlier page could not send (new nodes, moves, edges) show at once.
    commands.showUnsaved(saver.pendingStructure(), []);
    const generation = createGenerationController({
      projectId,
      store,
      commands,
      // Until every write is acknowledged (one waiting behind a write in flight is sent when that answers);
      // false when something is still unsaved after 15 s.
      flushWrites: async () => {
        const until = Date.now() + 15_000;
        for (;;) {
          await saver.flushAll();
          if (!saver.hasPending()) return true;
          if (Date.now() > until) return false;
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      notify: (kind, message, options) => {
        const opts = { description: options?.description, duration: options?.duration, ...(options?.video ? { icon: <Clapperboard className="size-4" /> } : {}) };
        toast[kind](message, opts);
      },
      onActivity: () => {
        void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
        void queryClient.invalidateQueries({ queryKey: ["generations", projectId] });
      },
    });
    return { store, commands, saver, generation };
  });

  useEffect(() => {
    const { saver, commands, generation } = ctx;
    void saver.restore();
    const close = openLiveChannel(projectId, clientId, {
      onMessage: (m) => {
        if (m.type === "nodes") {
          if (m.origin === "generation") commands.applyGenerationNodes(m.nodes);
          else commands.applyRemoteNodes(m.nodes);
        } else if (m.type === "structure") commands.applyRemoteStructure(m);
        else if (m.type === "generation") generation.onMessage(m);
      },
      onReconnect: async () => {
        saver.retryNow();
        const fresh = await api<CanvasData>("GET", `/api/projects/nodes?projectId=${projectId}`).catch(() => null);
        if (fresh) commands.applyRemoteNodes(fresh.nodes.map((n) => ({ id: n.id, rev: n.rev, data: n.data })));
      },
    });
    const online = () => saver.retryNow();
    // Leaving with unsaved work asks the browser's confirmation (the writes also wait in IndexedDB).
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (saver.hasPending()) {
        e.preventDefault();
        e.returnValue = "";
      }
    };
    window.addEventListener("online", online);
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      close();
      window.removeEventListener("online", online);
      window.removeEventListener("beforeunload", beforeUnload);
      void saver.flushAll().finally(() => saver.dispose());
    };
  }, [ctx, projectId, clientId]);

  useCanvasShortcuts(ctx.store, ctx.commands, ctx.generation);

  return (
    <CanvasContext.Provider value={ctx}>
      <ReactFlowProvider>
        <div className="flex h-full min-h-0" data-testid="canvas-mode">
          <div className="relative min-w-0 flex-1">
            <FlowCanvas
              onInit={(rf) => {
                flow.current = rf;
                const reveal = takeReveal(projectId);
                const node = reveal ? ctx.store.getState().nodes.find((n) => n.id === reveal) : undefined;
                if (node) {
                  ctx.commands.select(node.id);
                  void rf.setCenter(node.position.x + REVEAL_OFFSET, node.position.y + REVEAL_OFFSET, { zoom: rf.getZoom() });
                }
                // bench/canvas measures time to this mark (canvas ready for input).
                performance.mark("canvas-ready");
              }}
              saveViewport={(viewport: Viewport) => ctx.saver.saveStructure({ viewport })}
            />
            <GenerationToolbar />
          </div>
          <PropertiesSidebar />
        </div>
        <FocusedView />
        <RenameDialog />
      </ReactFlowProvider>
    </CanvasContext.Provider>
  );
}

export type { AutosaveResponse };
