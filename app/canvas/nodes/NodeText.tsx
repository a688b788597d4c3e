import { useEffect, useState } from "react";
import { useCanvas, useCommands } from "../store/useCanvas";

/** A text node's editable body. Typing makes it a completed text node (spec: canvas 4). */
export function NodeText({ id, content }: { id: string; content: string }) {
  const commands = useCommands();
  const canEdit = useCanvas((s) => s.canEdit);
  const [draft, setDraft] = useState(content);
  // Remote edits and undo replace the text unless the user is typing in it.
  useEffect(() => setDraft(content), [content]);
  return (
    <textarea
      aria-label="Node text"
      // Its top padding clears the card's Upload and Full screen buttons (top right), and it scrolls: no line
      // hides under them or is cut off at the bottom.
      className="nodrag nowheel h-full w-full resize-none overflow-y-auto bg-transparent px-4 pb-4 pt-11 text-sm leading-relaxed text-text outline-none placeholder:text-text-subtle"
      placeholder="Click to edit text..."
      value={draft}
      readOnly={!canEdit}
      onChange={(e) => {
        setDraft(e.target.value);
        commands.updateNodeData(id, {
          content: e.target.value,
          contentType: "text",
          status: "completed",
          mediaUrl: undefined,
          displayUrl: undefined,
          azureUrl: undefined,
        });
      }}
    />
  );
}
