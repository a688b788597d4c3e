import { lazy, Suspense, useState } from "react";
import { Clapperboard } from "lucide-react";
import type { Project } from "../../domain/projects";
import type { SessionUser } from "../../domain/auth";
import { ScriptsList } from "./scripts/ScriptsList";

// The editor (and its Courier page layout) loads only when a script opens.
const ScreenplayEditor = lazy(() => import("./editor/ScreenplayEditor").then((m) => ({ default: m.ScreenplayEditor })));

/** Scripts and Shot Lists share this document view (spec: shell 2 "Workspace modes"). */
export function WriteMode({ project, mode, user }: { project: Project; mode: "scripts" | "shotLists"; user: SessionUser }) {
  const [openScript, setOpenScript] = useState<string | null>(null);
  if (mode === "shotLists") return <ShotListsPlaceholder project={project} />;
  return (
    <>
      <ScriptsList project={project} onOpen={setOpenScript} />
      {openScript && (
        <Suspense fallback={<div className="fixed inset-0 z-40 flex items-center justify-center bg-bg text-text-muted">Loading Write Editor...</div>}>
          <ScreenplayEditor scriptId={openScript} projectId={project.id} userId={user.id} onExit={() => setOpenScript(null)} />
        </Suspense>
      )}
    </>
  );
}

function ShotListsPlaceholder({ project }: { project: Project }) {
  return (
    <section data-testid="shotLists-mode" className="mx-auto flex h-full max-w-5xl flex-col gap-6 px-8 py-8">
      <h1 className="text-2xl font-semibold text-text">Shot Lists</h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
        <Clapperboard className="size-8 text-text-muted" aria-hidden />
        <p className="text-lg font-medium text-text">Shot lists are not in this build yet</p>
        <p className="max-w-md text-sm text-text-muted">
          Planning scenes and shots for {project.name}, with images and PDF/CSV export, arrives with the Shot Lists release.
        </p>
      </div>
    </section>
  );
}
