import { viewportChanged } from "../../domain/canvas/changes";
import { CREDITS_KEY } from "../api/projects";
import { takeReveal } from "./reveal";
import { fitAll, showBounds, visibleFlowArea, zoomToSelection } from "./viewport";
import { useEffect, useMemo, useRef, useState } from "react";
import { ReactFlowProvider, type ReactFlowInstance } from "@xyflow/react";
import type { Viewport } from "../../domain/canvas/node";
import { footprintBounds } from "../../domain/canvas/placement";
import { api, ApiError } from "../api/client";
import { toast } from "../ui";
import { reportSaveStatus } from "../project/saveStatus";
import { CanvasContext } from "./store/useCanvas";
import type { StudioEdge, StudioNode } from "./store/canvasStore";
import { cachedDefaultModel } from "../models/useModels";
import { createCanvasClient, type CanvasData } from "./canvasClient";
import { apiTransport } from "./outbox/apiTransport";
import { openLiveChannel } from "./sync/liveChannel";
import { catchUp } from "./sync/catchUp";
import { FlowCanvas } from "./FlowCanvas";
import { PropertiesSidebar } from "./sidebar/PropertiesSidebar";
import { FocusedView } from "./FocusedView";
import { RenameDialog } from "./RenameDialog";
import { RunGraphDialog } from "./generation/RunGraphDialog";
import { RunPerShotDialog } from "./generation/RunPerShotDialog";
import { useCanvasShortcuts } from "./useCanvasShortcuts";
import { createGenerationController } from "./generation/generationController";
import { GenerationToolbar } from "./generation/GenerationToolbar";
import { useQueryClient } from "@tanstack/react-query";
import { Clapperboard } from "lucide-react";
import { createAgentController } from "../agent/agentController";
import { AgentPanel } from "../agent/AgentPanel";
import { onStoryboardSent, takeStoryboard } from "./storyboard/pendingStoryboard";
import { applyStoryboard, type StoryboardEnv } from "./storyboard/applyStoryboard";
import { QUEUE_KEY } from "../queue/useMyQueue";
import { useStore } from "zustand";
import { createInnerCanvas } from "./subgraphs/innerCanvas";
import { SubgraphEditor } from "./subgraphs/SubgraphEditor";
import { takeBlock } from "../library/pendingBlock";
import { insertBlock, LibraryDialog } from "../library/LibraryDialog";
import { SaveToLibraryDialog } from "../library/SaveToLibraryDialog";

/** From a node's top-left corner to about the middle of its card. */
const REVEAL_OFFSET = 190;

/** One open canvas: its store, commands, savers and live channel live exactly as long as this does. */
export function CanvasWorkspace({ projectId, canEdit, initial }: { projectId: string; canEdit: boolean; initial: CanvasData }) {
  const queryClient = useQueryClient();
  const flow = useRef<ReactFlowInstance<StudioNode, StudioEdge> | null>(null);
  const clientId = useMemo(() => crypto.randomUUID(), []);
  const [ctx] = useState(() => {
    const client = createCanvasClient({
      projectId,
      canEdit,
      initial,
      clientId,
      transport: apiTransport,
      indexedDB: typeof indexedDB === "undefined" ? null : indexedDB,
      notify: (kind, message) => toast[kind](message),
      onStatus: reportSaveStatus,
      viewCenter: () => {
        const rf = flow.current;
        const el = document.querySelector(".react-flow");
        if (!rf || !el) return null;
        const r = el.getBoundingClientRect();
        return rf.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
      },
      visibleArea: () => visibleFlowArea(flow.current),
      // After React Flow has the new nodes.
      reveal: (bounds) => requestAnimationFrame(() => showBounds(flow.current, bounds)),
    });
    // Until every write is acknowledged; false when something is still unsaved after 15 s.
    const flushWrites = async () => {
      const until = Date.now() + 15_000;
      for (;;) {
        await client.flush();
        if (!client.hasPending()) return true;
        if (Date.now() > until) return false;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // By the nodes' positions and footprint: nodes outside the view are not rendered, so React Flow has not
    // measured them and fitView would leave them out (a lane is wider than the view).
    const revealNodes = (ids: string[]) => {
      const wanted = new Set(ids);
      const at = client.store
        .getState()
        .nodes.filter((n) => wanted.has(n.id))
        .map((n) => n.position);
      const bounds = footprintBounds(at);
      if (!bounds) return;
      requestAnimationFrame(() => void flow.current?.fitBounds(bounds, { padding: 0.1, duration: 300 }));
    };
    const generation = createGenerationController({
      projectId,
      store: client.store,
      commands: client.commands,
      flushWrites,
      notify: (kind, message, options) => {
        const opts = {
          description: options?.description,
          duration: options?.duration,
          id: options?.id,
          ...(options?.video ? { icon: <Clapperboard className="size-4" /> } : {}),
        };
        toast[kind](message, opts);
      },
      dismiss: (toastId) => toast.dismiss(toastId),
      reveal: revealNodes,
      onActivity: () => {
        void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
        void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      },
      defaultModel: (nodeId, contentType) => cachedDefaultModel(queryClient, nodeId, contentType),
    });
    const agent = createAgentController({
      projectId,
      store: client.store,
      commands: client.commands,
      generation,
      flushWrites,
      onActivity: () => void queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
      // After React Flow has measured the new nodes.
      // Clear of the agent panel (right, 384 px and its margin) and the generation toolbar (bottom).
      reveal: (ids) =>
        requestAnimationFrame(
          () =>
            void flow.current?.fitView({
              nodes: ids.map((id) => ({ id })),
              padding: { top: "40px", left: "40px", right: "420px", bottom: "180px" },
              maxZoom: 1,
              duration: 300,
              // Zoomed out the overview draws the nodes and React Flow keeps them hidden.
              includeHiddenNodes: true,
            }),
        ),
    });
    const storyboard: StoryboardEnv = {
      store: client.store,
      commands: client.commands,
      generation,
      flushWrites,
      reveal: revealNodes,
      notify: (kind, message, description) => toast[kind](message, { description }),
    };
    /** A lane sent from a shot list, applied once the canvas can show it. */
    const applyPendingStoryboard = () => {
      const pending = takeStoryboard(projectId);
      if (pending) void applyStoryboard(storyboard, pending);
    };
    const view = { fitAll: () => fitAll(flow.current), zoomToSelection: () => zoomToSelection(flow.current) };
    return {
      disposal: undefined as ReturnType<typeof setTimeout> | undefined,
      view,
      client,
      document: client.document,
      store: client.store,
      session: client.session,
      sessionActions: client.sessionActions,
      commands: client.commands,
      generation,
      agent,
      flushWrites,
      applyPendingStoryboard,
    };
  });

  useEffect(() => {
    const { client, generation, agent } = ctx;
    // React's development double mount runs this cleanup and then this effect again: keep the client.
    clearTimeout(ctx.disposal);
    /** Bumped on each `ready` and on close: an older catch-up stops (catchUp.ts). */
    let readyCount = 0;
    const close = openLiveChannel(projectId, clientId, {
      onMessage: (m) =>
        m.type === "generation" ? generation.onMessage(m) : m.type === "agent" ? agent.receive(m.message) : client.receive(m),
      onReady: () => {
        client.retryNow();
        // The chat too may have moved while the channel was down.
        void agent.load();
        const mine = ++readyCount;
        void catchUp({
          client,
          read: () => api<CanvasData>("GET", `/api/projects/nodes?projectId=${projectId}`),
          current: () => mine === readyCount,
          onError: (err) => {
            if (!(err instanceof ApiError)) console.error("Could not take the canvas read after reconnecting", err);
          },
        });
      },
    });
    const online = () => client.retryNow();
    // Leaving with unsaved work asks the browser's confirmation (the edits also wait in IndexedDB).
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (client.hasPending()) {
        e.preventDefault();
        e.returnValue = "";
      }
    };
    window.addEventListener("online", online);
    window.addEventListener("beforeunload", beforeUnload);
    const stopStoryboards = onStoryboardSent((id) => id === projectId && flow.current && setTimeout(ctx.applyPendingStoryboard));
    return () => {
      stopStoryboards();
      close();
      readyCount += 1;
      window.removeEventListener("online", online);
      window.removeEventListener("beforeunload", beforeUnload);
      ctx.disposal = setTimeout(() => void client.flush().finally(() => client.dispose()));
    };
  }, [ctx, projectId, clientId]);

  // The owner may change this user's access while the canvas is open: the store follows.
  useEffect(() => {
    if (ctx.store.getState().canEdit !== canEdit) ctx.store.setState({ canEdit });
  }, [ctx, canEdit]);

  // An open subgraph (issue 34, 3): its inside is a canvas of its own over this one; the keys go to it.
  const openSubgraphId = useStore(ctx.session, (s) => s.openSubgraphId);
  const openName = useStore(ctx.store, (s) => {
    const node = openSubgraphId ? s.nodes.find((n) => n.id === openSubgraphId) : undefined;
    return node?.data.title ?? "";
  });
  const inner = useMemo(() => (openSubgraphId ? createInnerCanvas(ctx, openSubgraphId) : null), [ctx, openSubgraphId]);
  useEffect(() => () => inner?.dispose(), [inner]);
  useCanvasShortcuts(inner ?? ctx);

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
                  ctx.sessionActions.select(node.id);
                  void rf.setCenter(node.position.x + REVEAL_OFFSET, node.position.y + REVEAL_OFFSET, { zoom: rf.getZoom() });
                } else if (reveal) {
                  toast.info("That node is no longer on the canvas", { description: "It was deleted after the link was made." });
                }
                ctx.applyPendingStoryboard();
                // A block sent from Assets › Blocks goes in at the centre of the view now that there is one.
                const block = takeBlock(projectId);
                if (block) insertBlock(ctx.commands, block);
                // bench/canvas measures time to this mark (canvas ready for input).
                performance.mark("canvas-ready");
              }}
              saveViewport={(viewport: Viewport) => ctx.document.apply({ source: "user", changes: [viewportChanged(viewport)] })}
            />
            {inner && <SubgraphEditor inner={inner} name={openName} onClose={() => ctx.sessionActions.openSubgraph(null)} />}
            <GenerationToolbar />
            <AgentPanel controller={ctx.agent} />
          </div>
          <PropertiesSidebar />
        </div>
        <FocusedView />
        <RenameDialog />
        <SaveToLibraryDialog />
        <LibraryDialog />
        <RunGraphDialog />
        <RunPerShotDialog />
      </ReactFlowProvider>
    </CanvasContext.Provider>
  );
}

export type { CanvasData };
