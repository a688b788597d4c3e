import { lazy, Suspense, useEffect, useState } from "react";
import { reportPresence } from "../presence/presenceChannel";
import { useFollowed, usePresence } from "../presence/presenceStore";
import type { Project } from "../../domain/projects";
import type { SessionUser } from "../../domain/auth";
import { ScriptsList } from "./scripts/ScriptsList";
import { ShotListsScreen } from "../shotlists/ShotListsScreen";
import { takeOpenScriptRequest, useOpenScriptRequest } from "./openScriptRequest";

// The editor (and its Courier page layout) loads only when a script opens.
const ScreenplayEditor = lazy(() => import("./editor/ScreenplayEditor").then((m) => ({ default: m.ScreenplayEditor })));

/** Scripts and Shot Lists share this document view (spec: shell 2 "Workspace modes"). */
export function WriteMode({ project, mode, user }: { project: Project; mode: "scripts" | "shotLists"; user: SessionUser }) {
  const [openScript, setOpenScript] = useState<string | null>(null);
  // A script another part of the project asked to show (the agent wrote it).
  const requested = useOpenScriptRequest((s) => s.scriptId);
  useEffect(() => {
    if (mode !== "scripts" || !requested) return;
    const id = takeOpenScriptRequest();
    if (id) setOpenScript(id);
  }, [mode, requested]);
  // Presence: the open script is this tab's place; following someone opens theirs.
  useEffect(() => reportPresence({ scriptId: mode === "scripts" ? openScript : null }), [mode, openScript]);
  const followed = useFollowed();
  const followedScript = followed?.mode === "scripts" ? followed.scriptId : undefined;
  useEffect(() => {
    if (mode === "scripts" && followedScript !== undefined) setOpenScript(followedScript);
  }, [mode, followedScript]);
  const exitScript = () => {
    usePresence.getState().follow(null);
    setOpenScript(null);
  };
  if (mode === "shotLists") return <ShotListsScreen project={project} />;
  return (
    <>
      <ScriptsList project={project} onOpen={setOpenScript} />
      {openScript && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-40 flex items-center justify-center bg-bg text-text-muted">Loading Write Editor...</div>
          }
        >
          <ScreenplayEditor scriptId={openScript} projectId={project.id} userId={user.id} onExit={exitScript} />
        </Suspense>
      )}
    </>
  );
}
