import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { LibraryBlockSummary, PreparedBlock } from "../../domain/library/api";
import { renderInApp } from "../test/render";
import { InsertBlockDialog } from "./InsertBlockDialog";

const block: LibraryBlockSummary = {
  id: "b1",
  name: "Character turnaround",
  description: "",
  nodeCount: 1,
  inputs: [],
  outputs: [],
  models: ["fal-ai/flux/dev"],
  createdAt: "2026-11-28T12:00:00.000Z",
};
const prepared: PreparedBlock = {
  subgraph: {
    name: "Character turnaround",
    nodes: [{ id: "front", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Front", selectedModel: "fal-ai/flux/dev" } }],
    edges: [],
    inputs: [],
    outputs: [],
  },
  issues: [
    {
      nodeId: "front",
      nodeTitle: "Front",
      kind: "model",
      id: "fal-ai/flux/dev",
      name: "FLUX.1 [dev]",
      problem: "locked",
      reason: "Add a fal.ai key in Settings",
      substitute: { id: "local/sketch", name: "Sketch" },
    },
  ],
};

describe("inserting a library block (issue 34, 3)", () => {
  it("shows the missing-model check in the import's words and inserts with the substitute taken", () => {
    const onInsert = vi.fn();
    renderInApp(<InsertBlockDialog state={{ status: "ready", block, prepared }} onClose={() => {}} onInsert={onInsert} />);
    const dialog = screen.getByRole("dialog", { name: "Insert block" });
    expect(within(dialog).getByText("What will not run here")).toBeTruthy();
    expect(within(dialog).getByTestId("workflow-issue").textContent).toContain("Add a fal.ai key in Settings");
    fireEvent.click(within(dialog).getByTestId("insert-block-confirm"));
    expect(onInsert).toHaveBeenCalledWith(
      expect.objectContaining({ nodes: [expect.objectContaining({ data: expect.objectContaining({ selectedModel: "local/sketch" }) })] }),
    );
  });

  it("says the server's refusal and offers no Insert", () => {
    renderInApp(
      <InsertBlockDialog
        state={{ status: "failed", block, error: "That block is not in your library" }}
        onClose={() => {}}
        onInsert={() => {}}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Insert block" });
    expect(within(dialog).getByRole("alert").textContent).toBe("That block is not in your library");
    expect(within(dialog).queryByTestId("insert-block-confirm")).toBeNull();
  });
});
