import { useState } from "react";
import { useCommands, useSession, useSessionActions } from "../store/useCanvas";

/** A group's name; double-click edits it in place (Enter or leaving the field saves, Escape cancels). */
export function GroupTitle({ id, name, canEdit }: { id: string; name: string; canEdit: boolean }) {
  const commands = useCommands();
  const session = useSessionActions();
  const editing = useSession((s) => s.renamingGroupId === id);
  const [draft, setDraft] = useState(name);
  if (editing && canEdit) {
    const save = () => {
      if (commands.renameGroup(id, draft)) session.startGroupRename(null);
    };
    return (
      <input
        autoFocus
        aria-label="Group name"
        data-testid="group-name-input"
        className="nodrag h-6 min-w-0 flex-1 rounded border border-border-strong bg-surface px-1.5 text-sm font-semibold text-text focus:outline-none focus:ring-2 focus:ring-[var(--color-accent)]"
        value={draft}
        maxLength={80}
        onChange={(e) => setDraft(e.target.value)}
        onFocus={(e) => e.target.select()}
        onBlur={save}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === "Enter") save();
          if (e.key === "Escape") session.startGroupRename(null);
        }}
      />
    );
  }
  return (
    <span
      className="min-w-0 flex-1 truncate text-sm font-semibold text-text"
      data-testid="group-name"
      title={canEdit ? "Double-click to rename" : name}
      onDoubleClick={(e) => {
        if (!canEdit) return;
        e.stopPropagation();
        setDraft(name);
        session.startGroupRename(id);
      }}
    >
      {name}
    </span>
  );
}
