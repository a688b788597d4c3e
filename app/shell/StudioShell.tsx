import { lazy, Suspense, useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Navigate, useSearchParams } from "react-router";
import { loginPathFor } from "../auth/returnTo";
import { useSession } from "../api/session";
import { LandingPage } from "../landing/LandingPage";
import { Dashboard } from "../dashboard/Dashboard";
import { LoadingScreen } from "./LoadingScreen";
import { MobileGate } from "./MobileGate";
import { PaymentNotice } from "./PaymentNotice";
import { useDocumentTitle } from "./useDocumentTitle";
import { useMobileGate } from "./useMobileGate";
import { loadWorkspace, preloadProject } from "../project/preload";
import { initialMode } from "../project/modes";

// The workspace (and the canvas inside it) loads only when a project opens.
const ProjectWorkspace = lazy(() =>
  loadWorkspace().then((m) => ({ default: (m as typeof import("../project/ProjectWorkspace")).ProjectWorkspace })),
);

/** The page states of `/` (spec: shell 2): loading, signed out, signed in with or without a project. */
export function StudioShell() {
  const session = useSession();
  const [params] = useSearchParams();
  const mobile = useMobileGate();
  const user = session.data ?? null;
  const queryClient = useQueryClient();
  const projectParam = params.get("project");
  const nodeParam = params.get("node");
  useDocumentTitle(!!user);

  // Fetch the project and its code while the session is still resolving (see project/preload.ts).
  useEffect(() => {
    if (projectParam && session.data !== null) preloadProject(queryClient, projectParam, initialMode(projectParam));
  }, [projectParam, session.data, queryClient]);

  let body;
  if (session.isPending) body = <LoadingScreen />;
  // A shared project link opened signed out: sign in first, then straight into the project.
  else if (!user && projectParam)
    body = (
      <Navigate
        to={loginPathFor(`/?project=${encodeURIComponent(projectParam)}${nodeParam ? `&node=${encodeURIComponent(nodeParam)}` : ""}`)}
        replace
      />
    );
  else if (!user) body = <LandingPage />;
  else if (mobile) body = <MobileGate />;
  else {
    body = projectParam ? (
      <Suspense fallback={<LoadingScreen />}>
        <ProjectWorkspace key={projectParam} projectId={projectParam} user={user} />
      </Suspense>
    ) : (
      <Dashboard user={user} />
    );
  }
  return (
    <>
      <PaymentNotice />
      {body}
    </>
  );
}
