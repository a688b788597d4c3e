import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../test/render";
import { CanvasContext, type CanvasContextValue } from "../store/useCanvas";
import { recordingClient } from "../testing/recordingClient";
import { ExportWorkflowDialog } from "./ExportWorkflowDialog";
import { studioNode } from "../../test/studioNode";

/** The studio server as the browser sees it: only the network boundary is replaced. */
function serve(status = 200, body: BodyInit = "zip-bytes") {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(body, {
        status,
        headers:
          status === 200
            ? { "content-disposition": 'attachment; filename="reelgraph-Harbor-workflow.zip"' }
            : { "content-type": "application/json" },
      });
    }),
  );
  URL.createObjectURL = vi.fn(() => "blob:zip");
  URL.revokeObjectURL = vi.fn();
  return requests;
}

function open(selected: string[]) {
  const r = recordingClient({ projectId: "p1", nodes: [studioNode("a"), studioNode("b"), studioNode("c")] });
  r.session.selectOnly(new Set(selected));
  const ctx = {
    store: r.client.store,
    session: r.client.session,
    sessionActions: r.session,
    commands: r.commands,
  } as unknown as CanvasContextValue;
  const onOpenChange = vi.fn();
  renderInApp(
    <CanvasContext.Provider value={ctx}>
      <ExportWorkflowDialog open onOpenChange={onOpenChange} />
    </CanvasContext.Provider>,
  );
  return { dialog: screen.getByRole("dialog", { name: "Export workflow" }), onOpenChange };
}

afterEach(() => vi.unstubAllGlobals());

describe("the export dialog", () => {
  it("exports the selection with its media by default", async () => {
    const requests = serve();
    const { dialog, onOpenChange } = open(["a", "c"]);
    expect(within(dialog).getByRole("radio", { name: "Selected nodes (2)" })).toHaveProperty("checked", true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Export 2 nodes" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toEqual([{ url: "/api/projects/p1/workflow/export", body: { nodeIds: ["a", "c"], media: true } }]);
  });

  it("exports the whole canvas without media when asked", async () => {
    const requests = serve();
    const { dialog } = open(["a"]);
    fireEvent.click(within(dialog).getByRole("radio", { name: "Whole canvas (3)" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Include media" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Export 3 nodes" }));
    await waitFor(() => expect(requests).toEqual([{ url: "/api/projects/p1/workflow/export", body: { media: false } }]));
  });

  it("shows the server's refusal and stays open", async () => {
    serve(
      413,
      JSON.stringify({
        error: "The media of these nodes is more than 200 MB. Export without media, or fewer nodes.",
        code: "payload_too_large",
      }),
    );
    const { dialog, onOpenChange } = open([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Export 3 nodes" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "The media of these nodes is more than 200 MB. Export without media, or fewer nodes.",
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
