import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { revealOnCanvas } from "../canvas/reveal";
import type { SessionUser } from "../../domain/auth";
import { ApiError } from "../api/client";
import { useProject } from "../api/projects";
import { AccessDenied } from "../shell/AccessDenied";
import { LoadingScreen } from "../shell/LoadingScreen";
import { Spinner } from "../ui";
import { forgetMode, initialMode, isMode, MODE_EVENT, modeForShortcut, rememberMode, type Mode } from "./modes";
import { TopBar } from "./TopBar";
import { followAccess } from "./followAccess";
import { useQueryClient } from "@tanstack/react-query";
import { loadCanvas } from "./preload";
import { connectPresence, reportPresence } from "../presence/presenceChannel";
import { useFollowed, usePresence } from "../presence/presenceStore";

// Each mode's code loads when it is first shown; the canvas is the heaviest and never in the first load.
const CanvasMode = lazy(() => loadCanvas().then((m) => ({ default: (m as typeof import("../canvas/CanvasMode")).CanvasMode })));
const WriteMode = lazy(() => import("../write/WriteMode").then((m) => ({ default: m.WriteMode })));
const AssetsScreen = lazy(() => import("../assets/AssetsScreen").then((m) => ({ default: m.AssetsScreen })));

export function ProjectWorkspace({ projectId, user }: { projectId: string; user: SessionUser }) {
  const navigate = useNavigate();
  const project = useProject(projectId);
  // A link to one node (`/?project=…&node=…`, e.g. a run on the Billing page) opens the canvas at that node.
  const [params, setParams] = useSearchParams();
  const linkedNode = params.get("node");
  const [mode, setModeState] = useState<Mode>(() => (linkedNode ? "canvas" : initialMode(projectId)));

  const setMode = useCallback(
    (next: Mode) => {
      rememberMode(projectId, next);
      setModeState(next);
    },
    [projectId],
  );

  // Leaving the project (a reload does not unmount) means it reopens on the canvas (spec).
  useEffect(() => () => forgetMode(projectId), [projectId]);

  useEffect(() => {
    if (!linkedNode) return;
    revealOnCanvas(projectId, linkedNode);
    setMode("canvas");
    setParams(
      (p) => {
        p.delete("node");
        return p;
      },
      { replace: true },
    );
  }, [linkedNode, projectId, setMode, setParams]);

  // Presence: this tab is here, in this mode, from the moment the project is open.
  const opened = project.isSuccess;
  // The same socket brings a change of this user's access, which every mode follows at once.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      opened
        ? connectPresence(projectId, user.id, { mode: initialMode(projectId) }, (permission) =>
            followAccess(queryClient, projectId, permission),
          )
        : undefined,
    [opened, projectId, user.id, queryClient],
  );
  useEffect(() => reportPresence({ mode }), [mode]);
  // Following someone takes this tab to their mode; choosing a mode yourself stops following.
  const followedMode = useFollowed()?.mode;
  useEffect(() => {
    if (followedMode) setMode(followedMode);
  }, [followedMode, setMode]);
  const chooseMode = useCallback(
    (next: Mode) => {
      usePresence.getState().follow(null);
      setMode(next);
    },
    [setMode],
  );

  // Alt+1..4 switch modes (spec: shell 2), and other parts of the app may ask for a mode by event.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const next = modeForShortcut(e);
      if (!next) return;
      e.preventDefault();
      chooseMode(next);
    };
    const onModeEvent = (e: Event) => {
      const next = (e as CustomEvent<{ mode?: unknown }>).detail?.mode;
      if (isMode(next)) chooseMode(next);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener(MODE_EVENT, onModeEvent);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(MODE_EVENT, onModeEvent);
    };
  }, [chooseMode]);

  const home = () => navigate("/");

  if (project.isPending) return <LoadingScreen />;
  if (project.isError) {
    const err = project.error;
    // Signed out: the access page's own words; any other refusal (or no connection) says what happened.
    const message = err instanceof ApiError && err.code !== "unauthorized" ? err.message : undefined;
    return <AccessDenied message={message} onHome={home} />;
  }

  const p = project.data;
  return (
    <div className="flex h-dvh flex-col bg-bg">
      <TopBar project={p} mode={mode} onMode={chooseMode} onBack={home} />
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
