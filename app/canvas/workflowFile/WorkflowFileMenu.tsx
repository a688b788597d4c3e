import { useRef, useState } from "react";
import { useReactFlow } from "@xyflow/react";
import { FileArchive } from "lucide-react";
import { footprintBounds } from "../../../domain/canvas/placement";
import type { PreparedWorkflow } from "../../../domain/workflowFile/api";
import { Button, Menu, MenuContent, MenuItem, MenuTrigger, toast } from "../../ui";
import { useCanvas, useCanvasStore, useCommands, useSessionActions } from "../store/useCanvas";
import { applyWorkflow } from "./applyWorkflow";
import { ExportWorkflowDialog } from "./ExportWorkflowDialog";
import { ImportWorkflowDialog, type ImportState } from "./ImportWorkflowDialog";
import { prepareWorkflowImport } from "./workflowFileApi";

/** The canvas controls' 'Workflow' menu: Export workflow… and, for editors, Import workflow… and From library…. */
export function WorkflowFileMenu() {
  const projectId = useCanvas((s) => s.projectId);
  const canEdit = useCanvas((s) => s.canEdit);
  const empty = useCanvas((s) => s.nodes.length === 0);
  const store = useCanvasStore();
  const commands = useCommands();
  const session = useSessionActions();
  const rf = useReactFlow();
  const fileInput = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [importState, setImportState] = useState<ImportState | null>(null);
  /** The file whose answer is awaited: a file chosen later, or a closed dialog, makes an older answer moot. */
  const current = useRef<File | null>(null);

  const chooseFile = () => {
    if (fileInput.current) fileInput.current.value = "";
    fileInput.current?.click();
  };

  const read = async (file: File) => {
    current.current = file;
    setImportState({ status: "reading", fileName: file.name });
    try {
      const prepared = await prepareWorkflowImport(projectId, file);
      if (current.current === file) setImportState({ status: "ready", fileName: file.name, prepared });
    } catch (err) {
      if (current.current === file)
        setImportState({
          status: "failed",
          fileName: file.name,
          error: err instanceof Error ? err.message : "The workflow file could not be read.",
        });
    }
  };

  const close = () => {
    current.current = null;
    setImportState(null);
  };

  // By the nodes' positions and footprint: nodes outside the view are not measured yet (as the storyboard does).
  const reveal = (ids: string[]) => {
    const wanted = new Set(ids);
    const at = store
      .getState()
      .nodes.filter((n) => wanted.has(n.id))
      .map((n) => n.position);
    const bounds = footprintBounds(at);
    if (!bounds) return;
    requestAnimationFrame(() => void rf.fitBounds(bounds, { padding: 0.1, duration: 300 }));
  };

  const importNow = (prepared: PreparedWorkflow, accepted: Set<string>) => {
    const done = applyWorkflow(
      { store, commands, reveal, notify: (kind, message, description) => toast[kind](message, { description }) },
      prepared,
      accepted,
    );
    if (done) close();
  };

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="ghost" size="sm" className="gap-1.5 px-2" data-testid="workflow-menu">
            <FileArchive aria-hidden />
            Workflow
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuItem disabled={empty} onSelect={() => setExporting(true)}>
            Export workflow…
          </MenuItem>
          {canEdit && <MenuItem onSelect={chooseFile}>Import workflow…</MenuItem>}
          {canEdit && (
            <MenuItem onSelect={() => session.setLibraryOpen(true)} data-testid="from-library">
              From library…
            </MenuItem>
          )}
        </MenuContent>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept=".zip,application/zip"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        data-testid="workflow-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
        }}
      />
      <ExportWorkflowDialog open={exporting} onOpenChange={setExporting} />
      <ImportWorkflowDialog state={importState} onClose={close} onChooseAnother={chooseFile} onImport={importNow} />
    </>
  );
}
