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

describe("NodeCard level of detail", () => {
  it("draws the full card at a working zoom and a light card (title, thumbnail, no controls) zoomed far out", () => {
    renderCard(image);
    zoomTo(0.6);
    expect(screen.getByRole("button", { name: "Actions for Harbour at dawn" })).toBeTruthy();
    expect(screen.queryByTestId("node-thumbnail")).toBeNull();

    zoomTo(0.1);
    const card = screen.getByTestId("canvas-node");
    expect(card.dataset.lightCard).toBe("image");
    expect(screen.getByTestId("node-title").textContent).toBe("Harbour at dawn");
    expect(screen.getByTestId("node-thumbnail").getAttribute("src")).toBe(`/api/media/${IMAGE_ID}/thumbnail`);
    expect(screen.queryAllByRole("button")).toHaveLength(0); // no menu, toolbar or upload
    expect(card.querySelector("img:not([data-testid=node-thumbnail]), video, audio")).toBeNull(); // no full media
    // Edge ends for React Flow, but no connectable handles.
    expect(card.querySelectorAll(".react-flow__handle")).toHaveLength(0);
    expect([card.querySelectorAll(".source").length, card.querySelectorAll(".target").length]).toEqual([1, 1]);

    zoomTo(0.6);
    expect(screen.getByTestId("canvas-node").dataset.lightCard).toBeUndefined();
  });

  it("re-renders only when the zoom crosses the threshold, not on every zoom or pan step", () => {
    const { renders } = renderCard(image);
    zoomTo(0.6);
    const atStart = renders();
    zoomTo(0.55);
    zoomTo(0.8);
    act(() => flow!.setState({ transform: [120, -40, 0.8] })); // a pan
    expect(renders()).toBe(atStart);
    zoomTo(0.2);
    expect(renders()).toBe(atStart + 1);
    zoomTo(0.15);
    zoomTo(0.1);
    expect(renders()).toBe(atStart + 1);
  });
});
