import { useState } from "react";
import { Sparkles } from "lucide-react";
import { IconButton } from "../../ui";
import { useCanvas, useGeneration } from "../store/useCanvas";
import { RunCostBadge } from "./RunCostBadge";
import { useNodeGeneration } from "./useNodeGeneration";

/**
 * The focused view's prompt bar (spec canvas 2): 'Enhance or modify this media...' on a node with content,
 * 'Make anything...' on an empty one; disabled for view-only members. Runs the node like the toolbar does,
 * and shows what that costs (with the variations the toolbar set).
 */
export function FocusedPromptBar({ nodeId, hasMedia }: { nodeId: string; hasMedia: boolean }) {
  const generation = useGeneration();
  const canEdit = useCanvas((s) => s.canEdit);
  // The run uses the node's toolbar choices (variations included), so its cost shows here too.
  const g = useNodeGeneration(nodeId);
  const [text, setText] = useState("");
  const submit = async () => {
    if (!text.trim()) return;
    const started = await generation.run(nodeId, text);
    if (started) setText("");
  };
  return (
    <form
      className="absolute inset-x-10 bottom-8 mx-auto flex max-w-2xl items-center gap-2 rounded-2xl border border-border bg-surface/95 p-2 shadow-2xl"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <input
        aria-label="Prompt"
        className="min-w-0 flex-1 bg-transparent px-3 py-2 text-sm text-text placeholder:text-text-muted focus:outline-none disabled:opacity-60"
        placeholder={hasMedia ? "Enhance or modify this media..." : "Make anything..."}
        value={text}
        disabled={!canEdit}
        onChange={(e) => setText(e.target.value)}
      />
      <RunCostBadge g={g} showVariations />
      <IconButton label="Generate" type="submit" variant="primary" size="sm" disabled={!canEdit || !text.trim()}>
        <Sparkles />
      </IconButton>
    </form>
  );
}
