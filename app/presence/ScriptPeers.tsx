import { memo } from "react";
import { useShallow } from "zustand/react/shallow";
import type { PresencePeer } from "../../domain/presence/presence";
import { cn } from "../ui";
import { membersOf, usePresence } from "./presenceStore";

/** The others who have a script open, one each however many tabs they have. */
export function useScriptPeers(scriptId: string): PresencePeer[] {
  const here = usePresence(
    useShallow((s) => Object.values(s.peers).filter((p) => p.mode === "scripts" && p.scriptId === scriptId && p.userId !== s.selfUserId)),
  );
  return membersOf(Object.fromEntries(here.map((p) => [p.connectionId, p])));
}

/** A badge naming who is in a script: on its card in the Scripts list and in its editor's top bar. */
export const ScriptPeers = memo(function ScriptPeers({ scriptId, className }: { scriptId: string; className?: string }) {
  const peers = useScriptPeers(scriptId);
  if (!peers.length) return null;
  const editing = peers.some((p) => p.canEdit);
  const names =
    peers.length === 1
      ? peers[0]!.name
      : peers.length === 2
        ? `${peers[0]!.name} and ${peers[1]!.name}`
        : `${peers[0]!.name} and ${peers.length - 1} more`;
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-full bg-surface-3/90 py-0.5 pl-1 pr-2 text-xs text-text",
        className,
      )}
      data-testid="script-peers"
    >
      <span className="flex -space-x-1" aria-hidden>
        {peers.slice(0, 3).map((p) => (
          <span key={p.userId} className="size-3.5 rounded-full border border-surface" style={{ backgroundColor: p.color }} />
        ))}
      </span>
      <span className="truncate">
        {names} {editing ? (peers.length === 1 ? "is editing" : "are editing") : peers.length === 1 ? "is reading" : "are reading"}
      </span>
    </span>
  );
});
