import { CreditCard, KeyRound, LogOut, Settings2 } from "lucide-react";
import { useNavigate } from "react-router";
import { displayName, type SessionUser } from "../../domain/auth";
import { formatCredits, promisedCreditsMessage } from "../../domain/credits";
import { useCredits, usePromisedCredits } from "../api/projects";
import { useSignOut } from "../api/session";
import { portalUrl } from "../billing/billingApi";
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger, cn, toast } from "../ui";

export function Avatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  const initial = displayName(user).charAt(0).toUpperCase();
  return (
    <span
      aria-hidden
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent to-[#7c8cff] font-semibold text-bg"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {initial}
    </span>
  );
}

/**
 * spec (shell 2 "User menu"): initial, name, e-mail, credits 'remaining', billing, logout. Credits are shown
 * in credits, the unit of the top bar (overrides the spec's money here: one unit everywhere).
 */
export function UserMenu({ user, compact }: { user: SessionUser; compact: boolean }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const credits = useCredits();
  const promised = usePromisedCredits().data ?? 0;
  const name = displayName(user);
  return (
    <Menu>
      <MenuTrigger asChild>
        <button
          type="button"
          className={cn("flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-surface-2", compact && "justify-center")}
          aria-label={`Account menu for ${name}`}
        >
          <Avatar user={user} />
          {!compact && (
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-text">{name}</span>
              <span className="block truncate text-xs text-text-muted">{user.email}</span>
            </span>
          )}
        </button>
      </MenuTrigger>
      <MenuContent align="start" className="w-64">
        <div className="px-2 py-2">
          <p className="truncate text-sm font-medium text-text">{name}</p>
          <p className="truncate text-xs text-text-muted">{user.email}</p>
          <p className="mt-2 text-xs text-text-muted" data-testid="credits-line">
            Credits: <span className="font-medium text-text">{formatCredits(credits.data ?? 0)}</span> remaining
          </p>
          {promised > 0 && <p className="mt-1 text-xs text-accent">{promisedCreditsMessage(promised)}</p>}
        </div>
        <MenuSeparator />
        <MenuItem icon={<CreditCard className="size-4" />} onSelect={() => navigate("/pricing")}>
          Billing &amp; Plans
        </MenuItem>
        <MenuItem
          icon={<Settings2 className="size-4" />}
          onSelect={async () => {
            const answer = await portalUrl();
            if ("url" in answer) window.location.assign(answer.url);
            else toast.error(answer.error);
          }}
        >
          Manage Subscription
        </MenuItem>
        <MenuItem icon={<KeyRound className="size-4" />} onSelect={() => navigate("/settings")}>
          Settings
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          icon={<LogOut className="size-4" />}
          onSelect={async () => {
            await signOut();
            navigate("/", { replace: true });
          }}
        >
          Logout
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
