import type { SubgraphData } from "../../domain/canvas/subgraph";
import { useCanvas, useCommands, useSession, useSessionActions } from "../canvas/store/useCanvas";
import { Dialog, toast } from "../ui";
import { LibraryBlocks } from "./LibraryBlocks";

/** Inserts a library block (issue 34, 3) through the one command layer, at the centre of the view, selected. */
export function insertBlock(commands: { insertSubgraph(sub: SubgraphData): string | null }, subgraph: SubgraphData): boolean {
  const id = commands.insertSubgraph(subgraph);
  if (id) toast.success(`Inserted "${subgraph.name}"`, { description: "Double-click to open it, or run it as it is." });
  else toast.error("This canvas is view only", { description: "The block was not inserted." });
  return !!id;
}

/** The canvas's "From library…": one's blocks, inserted here after the missing-model check. */
export function LibraryDialog() {
  const open = useSession((s) => s.libraryOpen);
  const projectId = useCanvas((s) => s.projectId);
  const canEdit = useCanvas((s) => s.canEdit);
  const session = useSessionActions();
  const commands = useCommands();
  return (
    <Dialog
      open={open}
      onOpenChange={session.setLibraryOpen}
      title="Insert from library"
      description="Your saved blocks. Each goes in as a subgraph you can open, unpack and run."
      className="max-w-2xl"
    >
      {open && (
        <LibraryBlocks
          projectId={projectId}
          canInsert={canEdit}
          onInsert={(subgraph) => insertBlock(commands, subgraph) && session.setLibraryOpen(false)}
        />
      )}
    </Dialog>
  );
}
