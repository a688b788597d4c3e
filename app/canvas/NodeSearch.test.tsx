import { act, fireEvent, screen } from "@testing-library/react";
import { ReactFlowProvider } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../test/render";
import { CanvasContext, type CanvasContextValue } from "./store/useCanvas";
import { recordingClient } from "./testing/recordingClient";
import { NodeSearch } from "./NodeSearch";
import { studioNode } from "../test/studioNode";

function open() {
  const r = recordingClient({
    nodes: [
      studioNode("a", { data: { title: "Wide shot of the harbour" } }),
      studioNode("b", { data: { title: "Corridor" } }),
      studioNode("c", { data: { title: "Harbour at dawn" } }),
    ],
  });
  const ctx = {
    store: r.client.store,
    session: r.client.session,
    sessionActions: r.session,
    commands: r.commands,
  } as unknown as CanvasContextValue;
  renderInApp(
    <CanvasContext.Provider value={ctx}>
      <ReactFlowProvider>
        <NodeSearch />
      </ReactFlowProvider>
    </CanvasContext.Provider>,
  );
  act(() => r.session.setSearching(true));
  const selected = () =>
    r
      .s()
      .nodes.filter((n) => n.selected)
      .map((n) => n.id);
  return { r, selected, box: screen.getByRole("combobox", { name: "Node title" }) };
}

describe("find a node (Ctrl+F)", () => {
  it("lists matching titles best first; arrows and Enter select the chosen node and close the box", () => {
    const { r, selected, box } = open();
    fireEvent.change(box, { target: { value: "harbour" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Harbour at dawn", "Wide shot of the harbour"]);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(screen.getByRole("option", { selected: true }).textContent).toBe("Wide shot of the harbour");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(selected()).toEqual(["a"]);
    expect(r.client.session.getState().searching).toBe(false);
  });

  it("selects with a click too, and says so when nothing matches", () => {
    const { selected, box } = open();
    fireEvent.change(box, { target: { value: "nowhere" } });
    expect(screen.getByText("No node has that in its title.")).toBeTruthy();
    fireEvent.change(box, { target: { value: "corr" } });
    fireEvent.click(screen.getByRole("option", { name: "Corridor" }));
    expect(selected()).toEqual(["b"]);
  });
});
