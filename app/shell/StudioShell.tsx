import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "../api/session";
import { LandingPage } from "../landing/LandingPage";
import { Dashboard } from "../dashboard/Dashboard";
import { LoadingScreen } from "./LoadingScreen";
import { MobileGate } from "./MobileGate";
import { PaymentNotice } from "./PaymentNotice";
import { useDocumentTitle } from "./useDocumentTitle";
import { useMobileGate } from "./useMobileGate";

// The workspace (and the canvas inside it) loads only when a project opens.
const ProjectWorkspace = lazy(() => import("../project/ProjectWorkspace").then((m) => ({ default: m.ProjectWorkspace })));

/** The page states of `/` (spec: shell 2): loading, signed out, signed in with or without a project. */
export function StudioShell() {
  const session = useSession();
  const [params] = useSearchParams();
  const mobile = useMobileGate();
  const user = session.data ?? null;
  useDocumentTitle(!!user);

  let body;
  if (session.isPending) body = <LoadingScreen />;
  else if (!user) body = <LandingPage />;
  else if (mobile) body = <MobileGate />;
  else {
    const projectId = params.get("project");
    body = projectId ? (
      <Suspense fallback={<LoadingScreen />}>
        <ProjectWorkspace key={projectId} projectId={projectId} user={user} />
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
