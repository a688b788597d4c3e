import { lazy, Suspense, useState } from "react";
import type { Project } from "../../domain/projects";
import type { SessionUser } from "../../domain/auth";
import { ScriptsList } from "./scripts/ScriptsList";
import { ShotListsScreen } from "../shotlists/ShotListsScreen";

// The editor (and its Courier page layout) loads only when a script opens.
const ScreenplayEditor = lazy(() => import("./editor/ScreenplayEditor").then((m) => ({ default: m.ScreenplayEditor })));

/** Scripts and Shot Lists share this document view (spec: shell 2 "Workspace modes"). */
export function WriteMode({ project, mode, user }: { project: Project; mode: "scripts" | "shotLists"; user: SessionUser }) {
  const [openScript, setOpenScript] = useState<string | null>(null);
  if (mode === "shotLists") return <ShotListsScreen project={project} />;
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
