import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { SessionUser } from "../../domain/auth";
import { ApiError } from "../api/client";
import { useProject } from "../api/projects";
import { AccessDenied } from "../shell/AccessDenied";
import { LoadingScreen } from "../shell/LoadingScreen";
import { Spinner } from "../ui";
import { initialMode, isMode, MODE_EVENT, modeForShortcut, rememberMode, type Mode } from "./modes";
import { TopBar } from "./TopBar";
import { loadCanvas } from "./preload";

// Each mode's code loads when it is first shown; the canvas is the heaviest and never in the first load.
const CanvasMode = lazy(() => loadCanvas().then((m) => ({ default: (m as typeof import("../canvas/CanvasMode")).CanvasMode })));
const WriteMode = lazy(() => import("../write/WriteMode").then((m) => ({ default: m.WriteMode })));
const AssetsScreen = lazy(() => import("../assets/AssetsScreen").then((m) => ({ default: m.AssetsScreen })));


export function ProjectWorkspace({ projectId, user }: { projectId: string; user: SessionUser }) {
  const navigate = useNavigate();
  const project = useProject(projectId);
  const [mode, setModeState] = useState<Mode>(() => initialMode(projectId));

  const setMode = useCallback(
    (next: Mode) => {
      rememberMode(projectId, next);
      setModeState(next);
    },
    [projectId],
  );

  // Alt+1..4 switch modes (spec: shell 2), and other parts of the app may ask for a mode by event.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const next = modeForShortcut(e);
      if (!next) return;
      e.preventDefault();
      setMode(next);
    };
    const onModeEvent = (e: Event) => {
      const next = (e as CustomEvent<{ mode?: unknown }>).detail?.mode;
      if (isMode(next)) setMode(next);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener(MODE_EVENT, onModeEvent);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(MODE_EVENT, onModeEvent);
    };
  }, [setMode]);

  const home = () => navigate("/");

  if (project.isPending) return <LoadingScreen />;
  if (project.isError) {
    const err = project.error;
    const message = err instanceof ApiError && err.status === 0 ? err.message : err instanceof ApiError && err.status !== 401 ? err.message : undefined;
    return <AccessDenied message={message} onHome={home} />;
  }

  const p = project.data;
  return (
    <div className="flex h-dvh flex-col bg-bg">
      <TopBar project={p} mode={mode} onMode={setMode} onBack={home} />
      <main className="relative min-h-0 flex-1" aria-label={`${p.name} — ${mode}`}>
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center">
              <Spinner size={24} />
            </div>
          }
        >
          {mode === "canvas" && <CanvasMode project={p} user={user} />}
          {(mode === "scripts" || mode === "shotLists") && <WriteMode project={p} mode={mode} user={user} />}
          {mode === "assets" && <AssetsScreen project={p} />}
        </Suspense>
      </main>
    </div>
  );
}
