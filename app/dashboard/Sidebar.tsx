import { useEffect, useState } from "react";
import { FolderOpen, PanelLeftClose, PanelLeftOpen, Sparkles, Tv, Users } from "lucide-react";
import { useNavigate } from "react-router";
import type { SessionUser } from "../../domain/auth";
import { cn, IconButton, Logo, Tooltip } from "../ui";
import { PromoCarousel } from "./PromoCarousel";
import { UserMenu } from "./UserMenu";

export type DashboardView = "projects" | "shared" | "tv";

const COLLAPSED_KEY = "reelgraph.sidebarCollapsed";

/** The dashboard's collapsible sidebar (spec: shell 2); it hides itself while the page is fullscreen. */
export function Sidebar({ user, view, onView }: { user: SessionUser; view: DashboardView; onView(view: DashboardView): void }) {
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === "1");
  const [fullscreen, setFullscreen] = useState(() => !!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const toggle = () => {
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? "0" : "1");
      return !c;
    });
  };

  if (fullscreen) return null;

  const entries = [
    { id: "projects" as const, label: "My Projects", icon: FolderOpen },
    // The spec's disabled Shared Projects view, now the list of projects others shared with the user.
    { id: "shared" as const, label: "Shared with me", icon: Users },
    { id: "tv" as const, label: "Studio TV", icon: Tv },
  ];

  return (
    <aside
      aria-label="Studio navigation"
      data-collapsed={collapsed}
      className={cn(
        "sticky top-0 flex h-dvh shrink-0 flex-col gap-2 border-r border-border bg-surface p-3 transition-[width] duration-200",
        collapsed ? "w-[68px]" : "w-64",
      )}
    >
      <div className={cn("flex items-center pb-2", collapsed ? "flex-col gap-2" : "justify-between px-1")}>
        <Logo size={26} withWordmark={!collapsed} />
        <IconButton label={collapsed ? "Expand sidebar" : "Collapse sidebar"} size="sm" variant="ghost" onClick={toggle}>
          {collapsed ? <PanelLeftOpen className="size-4" /> : <PanelLeftClose className="size-4" />}
        </IconButton>
      </div>
      <UserMenu user={user} compact={collapsed} />
      <nav className="mt-2 flex flex-col gap-1">
        {entries.map(({ id, label, icon: Icon }) => {
          const button = (
            <button
              key={id}
              type="button"
              onClick={() => onView(id)}
              aria-current={view === id ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors",
                view === id ? "bg-surface-2 text-text" : "text-text-muted hover:bg-surface-2 hover:text-text",
                collapsed && "justify-center px-0",
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {collapsed ? <span className="sr-only">{label}</span> : label}
            </button>
          );
          return collapsed ? (
            <Tooltip key={id} content={label} side="right">
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </nav>
      <div className="mt-auto flex flex-col gap-3">
        {!collapsed && <PromoCarousel />}
        <button
          type="button"
          onClick={() => navigate("/pricing")}
          className={cn(
            "flex items-center gap-3 rounded-lg border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-accent hover:bg-accent/15",
            collapsed && "justify-center px-0",
          )}
        >
          <Sparkles className="size-4 shrink-0" aria-hidden />
          {collapsed ? <span className="sr-only">Upgrade your plan</span> : "Upgrade your plan"}
        </button>
      </div>
    </aside>
  );
}
