import { Profiler, type ReactNode } from "react";
import { act, screen } from "@testing-library/react";
import { ReactFlowProvider, useStoreApi, type NodeProps, type ReactFlowState } from "@xyflow/react";
import type { StoreApi } from "zustand";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../test/render";
import { CanvasContext, type CanvasContextValue } from "../store/useCanvas";
import type { StudioNode } from "../store/canvasStore";
import { recordingClient } from "../testing/recordingClient";
import { createProgressStore } from "../generation/progressStore";
import { NodeCard } from "./NodeCard";

const IMAGE_ID = "0f3c2a1b-1234-4abc-8def-0123456789ab";
const image: StudioNode = {
  id: "img",
  type: "generic_v2",
  position: { x: 0, y: 0 },
  data: { title: "Harbour at dawn", mediaUrl: `/api/media/${IMAGE_ID}`, contentType: "image", rev: 1 },
};

let flow: StoreApi<ReactFlowState> | null = null;
function GrabFlowStore() {
  flow = useStoreApi() as unknown as StoreApi<ReactFlowState>;
  return null;
}
const zoomTo = (zoom: number) => act(() => flow!.setState({ transform: [0, 0, zoom] }));

function renderCard(node: StudioNode) {
  const r = recordingClient({ nodes: [node] });
  const ctx = {
    store: r.client.store,
    session: r.client.session,
    sessionActions: r.session,
    commands: r.commands,
    generation: { progress: createProgressStore() },
  } as unknown as CanvasContextValue;
  let renders = 0;
  const props = { id: node.id, data: node.data, selected: false } as NodeProps<StudioNode>;
  const wrap = (ui: ReactNode) => (
    <CanvasContext.Provider value={ctx}>
      <ReactFlowProvider>
        <GrabFlowStore />
        <Profiler id="card" onRender={() => void renders++}>
          {ui}
        </Profiler>
      </ReactFlowProvider>
    </CanvasContext.Provider>
  );
  renderInApp(wrap(<NodeCard {...props} />));
  return { renders: () => renders };
}

describe("NodeCard and the viewport", () => {
  it("never re-renders for a zoom or a pan, even across the overview threshold (the overview draws zoomed out)", () => {
    const { renders } = renderCard(image);
    zoomTo(0.6);
    expect(screen.getByRole("button", { name: "Actions for Harbour at dawn" })).toBeTruthy();
    const atStart = renders();
    zoomTo(0.55);
    zoomTo(0.8);
    act(() => flow!.setState({ transform: [120, -40, 0.8] })); // a pan
    zoomTo(0.2);
    zoomTo(0.1);
    expect(renders()).toBe(atStart);
  });
});
