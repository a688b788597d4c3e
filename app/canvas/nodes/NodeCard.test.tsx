import { Profiler, type ReactNode } from "react";
import { act, fireEvent, screen } from "@testing-library/react";
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

function renderCard(node: StudioNode, selected = false) {
  const r = recordingClient({ nodes: [node] });
  const ctx = {
    store: r.client.store,
    session: r.client.session,
    sessionActions: r.session,
    commands: r.commands,
    generation: { progress: createProgressStore() },
  } as unknown as CanvasContextValue;
  let renders = 0;
  const props = { id: node.id, data: node.data, selected } as NodeProps<StudioNode>;
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
    fireEvent.pointerEnter(screen.getByTestId("canvas-node"));
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

describe("NodeCard's tools", () => {
  const tools = () => ["Actions for Harbour at dawn", "Upload", "Open full screen"].map((name) => screen.queryByRole("button", { name }));

  it("mounts its menu and hover tools once it is hovered, not before (a zoom out mounts hundreds of cards)", () => {
    renderCard(image);
    expect(tools()).toEqual([null, null, null]);
    fireEvent.pointerEnter(screen.getByTestId("canvas-node"));
    expect(tools().every(Boolean)).toBe(true);
  });

  it("has them for the keyboard too, once focus is inside the card", () => {
    const notes: StudioNode = {
      ...image,
      id: "txt",
      data: { title: "Harbour at dawn", content: "Gulls over the pier", contentType: "text", rev: 1 },
    };
    renderCard(notes);
    expect(tools()).toEqual([null, null, null]);
    act(() => screen.getByRole("textbox", { name: "Node text" }).focus());
    expect(tools().every(Boolean)).toBe(true);
  });

  it("has them at once on a selected card", () => {
    renderCard(image, true);
    expect(tools().every(Boolean)).toBe(true);
  });
});
