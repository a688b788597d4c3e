import { useEffect, useState, type FormEvent } from "react";
import { Button, Dialog, Input } from "../ui";
import { useCanvas, useCommands, useSession, useSessionActions } from "./store/useCanvas";

/** spec (canvas 2 "Rename dialog"): Enter confirms; a blank name is refused. */
export function RenameDialog() {
  const renamingId = useSession((s) => s.renamingNodeId);
  const node = useCanvas((s) => (renamingId ? s.nodes.find((n) => n.id === renamingId) : undefined));
  const session = useSessionActions();
  const commands = useCommands();
  const [name, setName] = useState("");
  useEffect(() => setName(node?.data.title ?? ""), [node?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => session.startRename(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (node && commands.renameNode(node.id, name)) close();
  };
  return (
    <Dialog open={!!node} onOpenChange={(o) => !o && close()} title="Rename Node" description="Enter a new name for this node.">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Input aria-label="Node name" value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
