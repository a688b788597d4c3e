import { useState } from "react";
import { ArrowLeft, Eye, GraduationCap, Share2 } from "lucide-react";
import type { Project } from "../../domain/projects";
import { PresenceBar } from "../presence/PresenceBar";
import { Button, IconButton, Kbd, Tooltip, cn } from "../ui";
import { CreditsButton } from "./CreditsButton";
import { MODES, type Mode } from "./modes";
import { ProjectNameEditor } from "./ProjectNameEditor";
import { SaveIndicator } from "./SaveIndicator";
import { ShareDialog } from "./ShareDialog";
import { TutorialTour } from "./tutorial/TutorialTour";

export function TopBar({ project, mode, onMode, onBack }: { project: Project; mode: Mode; onMode(mode: Mode): void; onBack(): void }) {
  const [sharing, setSharing] = useState(false);
  const [tutorial, setTutorial] = useState(false);
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
      <IconButton label="Back to projects" variant="ghost" onClick={onBack}>
        <ArrowLeft className="size-4" />
      </IconButton>
      <nav role="tablist" aria-label="Workspace mode" data-tour="modes" className="flex items-center gap-1 rounded-lg bg-bg p-1">
        {MODES.map((m) => (
          <Tooltip
            key={m.id}
            content={
              <span>
                {m.label} <Kbd>Alt</Kbd>+<Kbd>{m.key}</Kbd>
              </span>
            }
            side="bottom"
          >
            <button
              type="button"
              role="tab"
              aria-selected={mode === m.id}
              data-tour={`mode-${m.id}`}
              onClick={() => onMode(m.id)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm transition-colors",
                mode === m.id ? "bg-surface-2 text-text shadow-sm" : "text-text-muted hover:text-text",
              )}
            >
              {m.label}
            </button>
          </Tooltip>
        ))}
      </nav>
      <div className="mx-2 h-6 w-px bg-border" aria-hidden />
      <ProjectNameEditor project={project} />
      {project.permission === "view" && (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-text-muted"
          data-testid="view-only-badge"
        >
          <Eye className="size-3" /> View only
        </span>
      )}
      <SaveIndicator />
      <div className="ml-auto flex items-center gap-2">
        <PresenceBar />
        {project.permission === "owner" && (
          <Button variant="ghost" size="sm" data-tour="share" onClick={() => setSharing(true)}>
            <Share2 className="size-4" /> Share
          </Button>
        )}
        <CreditsButton />
        <Button variant="secondary" size="sm" onClick={() => setTutorial(true)}>
          <GraduationCap className="size-4" /> Start Tutorial
        </Button>
      </div>
      {project.permission === "owner" && <ShareDialog projectId={project.id} open={sharing} onOpenChange={setSharing} />}
      {tutorial && <TutorialTour onClose={() => setTutorial(false)} onMode={onMode} />}
    </header>
  );
}
