import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { subgraphOf } from "../../domain/canvas/subgraph";
import { LIBRARY_DESCRIPTION_MAX, LIBRARY_NAME_MAX } from "../../domain/library/api";
import { messageFor } from "../api/errorMessages";
import { Button, Dialog, Field, Input, Textarea, toast } from "../ui";
import { useCanvas, useCanvasContext, useSession, useSessionActions } from "../canvas/store/useCanvas";
import { LIBRARY_KEY, saveBlock } from "./libraryApi";

/**
 * Save to library (issue 34, 3): a subgraph kept in one's own library with a name (the subgraph's, to start
 * with) and a description. The subgraph is saved first, so the library keeps what this tab shows; the
 * server's refusal (a name already taken, a blank name) is shown under the field in its own words.
 */
export function SaveToLibraryDialog() {
  const ctx = useCanvasContext();
  const nodeId = useSession((s) => s.savingBlockNodeId);
  const projectId = useCanvas((s) => s.projectId);
  // The node itself (a stable reference until it changes); its subgraph is parsed from it once per change.
  const node = useCanvas((s) => (nodeId ? s.nodes.find((n) => n.id === nodeId) : undefined));
  const sub = useMemo(() => (node ? subgraphOf(node) : null), [node]);
  const session = useSessionActions();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = !!nodeId && !!sub;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields start afresh when a dialog opens, not on each edit of the subgraph.
  useEffect(() => {
    if (!nodeId) return;
    setName(sub?.name ?? "");
    setDescription("");
    setError(null);
  }, [nodeId]);

  const close = () => !busy && session.startSaveToLibrary(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!nodeId || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (ctx.flushWrites && !(await ctx.flushWrites())) {
        setError("The canvas has unsaved changes. Check your connection and try again.");
        return;
      }
      const saved = await saveBlock({ projectId, nodeId, name, description });
      void queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });
      session.startSaveToLibrary(null);
      toast.success(`Saved "${saved.name}" to your library`, { description: "Insert it into any project from Assets › Blocks." });
    } catch (err) {
      setError(messageFor(err, { fallback: "The block could not be saved. Try again." }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title="Save to library"
      description="Keep this subgraph as a block you can insert into any of your projects."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="save-to-library">
        <Field label="Name" htmlFor="library-block-name" error={error}>
          <Input
            id="library-block-name"
            value={name}
            maxLength={LIBRARY_NAME_MAX}
            autoFocus
            required
            aria-invalid={!!error}
            aria-describedby={error ? "library-block-name-error" : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Description" htmlFor="library-block-description" hint="Optional: what it makes and what it needs.">
          <Textarea
            id="library-block-description"
            value={description}
            maxLength={LIBRARY_DESCRIPTION_MAX}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
