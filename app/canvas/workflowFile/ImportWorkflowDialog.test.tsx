import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PreparedWorkflow } from "../../../domain/workflowFile/api";
import { renderInApp } from "../../test/render";
import { ImportWorkflowDialog, type ImportState } from "./ImportWorkflowDialog";

const prepared: PreparedWorkflow = {
  nodes: [
    { id: "n1", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Harbour shot" } },
    { id: "n2", type: "generic_v2", position: { x: 600, y: 0 }, data: { title: "<b>Sharper</b>" } },
  ],
  edges: [{ id: "e", source: "n1", target: "n2", sourceHandle: null, targetHandle: null }],
  issues: [
    {
      nodeId: "n1",
      nodeTitle: "Harbour shot",
      kind: "model",
      id: "fal-ai/flux/dev",
      name: "FLUX.1 [dev]",
      problem: "locked",
      reason: "Add a fal.ai key in Settings",
      substitute: { id: "local/sketch", name: "Sketch" },
    },
    {
      nodeId: "n2",
      nodeTitle: "<b>Sharper</b>",
      kind: "tool",
      id: "acme/warp",
      name: "acme/warp",
      problem: "unknown",
      reason: "This studio does not have this tool",
    },
  ],
  mediaCount: 1,
};

function open(state: ImportState) {
  const onImport = vi.fn();
  const onClose = vi.fn();
  const onChooseAnother = vi.fn();
  renderInApp(<ImportWorkflowDialog state={state} onClose={onClose} onChooseAnother={onChooseAnother} onImport={onImport} />);
  return { dialog: screen.getByRole("dialog", { name: "Import workflow" }), onImport, onClose, onChooseAnother };
}

describe("the import dialog", () => {
  it("lists what will not run here, each with its reason, and what will be added", () => {
    const { dialog } = open({ status: "ready", fileName: "harbour.zip", prepared });
    expect(within(dialog).getByText("2 nodes, 1 connection, 1 media file will be added beside your canvas.")).toBeTruthy();
    const rows = within(dialog).getAllByTestId("workflow-issue");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Add a fal.ai key in Settings"),
      expect.stringContaining("No substitute here"),
    ]);
    // A title from the file is text, never markup.
    expect(within(rows[1]!).getByText("<b>Sharper</b>")).toBeTruthy();
    expect(dialog.querySelector("b")).toBeNull();
  });

  it("imports with the substitutes accepted unless one is kept as is", () => {
    const first = open({ status: "ready", fileName: "harbour.zip", prepared });
    fireEvent.click(within(first.dialog).getByRole("button", { name: "Import" }));
    expect([...first.onImport.mock.calls[0]![1]]).toEqual(["n1:model"]);
  });

  it("keeps the file's model when the person chooses so", () => {
    const { dialog, onImport } = open({ status: "ready", fileName: "harbour.zip", prepared });
    fireEvent.keyDown(within(dialog).getByRole("combobox", { name: "Model for Harbour shot" }), { key: "Enter" });
    fireEvent.click(screen.getByRole("option", { name: "Keep FLUX.1 [dev] (will not run here)" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    expect([...onImport.mock.calls[0]![1]]).toEqual([]);
  });

  it("shows a refusal as the server worded it, with a way to choose another file", () => {
    const { dialog, onChooseAnother } = open({
      status: "failed",
      fileName: "old.zip",
      error: "This workflow file was made by a newer version of Reelgraph (format 2). Update the studio to import it.",
    });
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "This workflow file was made by a newer version of Reelgraph (format 2). Update the studio to import it.",
    );
    expect(within(dialog).queryByRole("button", { name: "Import" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Choose another file" }));
    expect(onChooseAnother).toHaveBeenCalledOnce();
  });
});
