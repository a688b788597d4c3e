import { memo } from "react";
import { Eye, X } from "lucide-react";
import { PRESENCE_MODE_LABELS, type PresencePeer } from "../../domain/presence/presence";
import { cn, Tooltip } from "../ui";
import { membersOf, usePresence } from "./presenceStore";

const SHOWN = 5;

/**
 * The members who have the project open now, in the top bar: an avatar each in their colour with
 * the mode they are in; clicking one follows them (their canvas view, their script, their mode) until this
 * tab moves by itself or clicks again.
 */
export const PresenceBar = memo(function PresenceBar() {
  const peers = usePresence((s) => s.peers);
  const following = usePresence((s) => s.following);
  const follow = usePresence((s) => s.follow);
  // The same person in another tab is here too, but is not someone to follow from this one.
  const selfUserId = usePresence((s) => s.selfUserId);
  const members = membersOf(peers, selfUserId);
  if (!members.length) return null;
  const followed = following ? peers[following] : undefined;
  return (
    <div className="flex items-center gap-2" data-testid="presence-bar">
      {followed && (
        <button
          type="button"
          onClick={() => follow(null)}
          className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs text-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          style={{ backgroundColor: followed.color }}
          data-testid="following-badge"
        >
          Following {followed.name} <X className="size-3" aria-label="Stop following" />
        </button>
      )}
      <ul className="flex items-center -space-x-1.5" aria-label="People here now">
        {members.slice(0, SHOWN).map((m) => (
          <li key={m.userId}>
            <Avatar
              member={m}
              followed={m.connectionIds.includes(following ?? "")}
              onFollow={() => follow(m.connectionIds.includes(following ?? "") ? null : m.connectionId)}
            />
          </li>
        ))}
        {members.length > SHOWN && (
          <li>
            <Tooltip
              content={members
                .slice(SHOWN)
                .map((m) => m.name)
                .join(", ")}
              side="bottom"
            >
              <span className="flex size-8 items-center justify-center rounded-full border-2 border-surface bg-surface-3 text-xs text-text-muted">
                +{members.length - SHOWN}
              </span>
            </Tooltip>
          </li>
        )}
      </ul>
    </div>
  );
});

function Avatar({ member, followed, onFollow }: { member: PresencePeer; followed: boolean; onFollow(): void }) {
  const where = member.mode ? PRESENCE_MODE_LABELS[member.mode] : "Opening";
  const label = `${member.name} · ${where}${member.canEdit ? "" : " · view only"}`;
  return (
    <Tooltip
      content={
        <span>
          {label}
          <br />
          {followed ? "Click to stop following" : "Click to follow"}
        </span>
      }
      side="bottom"
    >
      <button
        type="button"
        onClick={onFollow}
        aria-pressed={followed}
        aria-label={`${followed ? "Stop following" : "Follow"} ${member.name} (${where})`}
        data-testid="presence-avatar"
        data-user-name={member.name}
        data-can-edit={member.canEdit}
        className={cn(
          "relative flex size-8 items-center justify-center rounded-full border-2 border-surface text-xs font-semibold text-bg transition-transform hover:z-10 hover:scale-110 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
          followed && "z-10 ring-2 ring-text",
        )}
        style={{ backgroundColor: member.color }}
      >
        {member.name.trim().charAt(0).toUpperCase() || "?"}
        {!member.canEdit && (
          <span className="absolute -bottom-1 -right-1 rounded-full bg-surface p-0.5 text-text-muted" aria-hidden>
            <Eye className="size-2.5" />
          </span>
        )}
      </button>
    </Tooltip>
  );
}
