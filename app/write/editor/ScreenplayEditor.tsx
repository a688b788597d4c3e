/**
 * The screenplay editor (spec: shell 2 "Screenplay editor", 4 "Screenplay save" to "Paste", 9). Full screen
 * over the app: loads the script, then shows the screenplay workspace (Workspace.tsx: top bar, scene
 * navigator, the page, help bar), or the plain editor for notes and other text files.
 *
 * Element-type rules come from domain/screenplay/flow.ts and paste.ts; pages from domain/screenplay/paginate.ts.
 */
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, FileX2, ShieldAlert } from "lucide-react";
import { MESSAGES } from "../../../domain/errors";
import { Button, Spinner } from "../../ui";
import { loadScreenplayFont } from "./font";
import { EDITOR_MESSAGES } from "./messages";
import { PlainEditor } from "./PlainEditor";
import { fetchScript, scriptQueryKey } from "./scriptApi";
import { Workspace } from "./Workspace";
import { hasCode } from "../../api/errorMessages";

export { EDITOR_MESSAGES } from "./messages";

export interface ScreenplayEditorProps {
  scriptId: string;
  projectId: string;
  /** The signed-in user: saves by anyone else replace the local copy (spec 4). */
  userId: string;
  onExit(): void;
}

/** Loads the script, then shows the screenplay editor, or the plain editor for notes and other text files. */
export function ScreenplayEditor({ scriptId, projectId, userId, onExit }: ScreenplayEditorProps) {
  const query = useQuery({
    queryKey: scriptQueryKey(scriptId),
    queryFn: () => fetchScript(scriptId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  useEffect(loadScreenplayFont, []);

  let body;
  if (query.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center" role="status">
        <span className="flex items-center gap-3 text-sm text-text-muted">
          <Spinner size={18} label="Loading" />
          {EDITOR_MESSAGES.loading}
        </span>
      </div>
    );
  } else if (query.isError) {
    body = <LoadError error={query.error} onExit={onExit} />;
  } else if (query.data.fileType !== "screenplay") {
    body = <PlainEditor key={query.data.id} script={query.data} projectId={projectId} userId={userId} onExit={onExit} />;
  } else {
    body = <Workspace key={query.data.id} script={query.data} projectId={projectId} userId={userId} onExit={onExit} />;
  }
  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-bg text-text" data-testid="screenplay-editor">
      {body}
    </div>
  );
}

function LoadError({ error, onExit }: { error: Error; onExit(): void }) {
  const denied = hasCode(error, "forbidden");
  const missing = hasCode(error, "not_found", "bad_request");
  const Icon = denied ? ShieldAlert : FileX2;
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-border bg-surface p-8 text-center shadow-lg">
        <Icon className="size-9 text-danger" aria-hidden />
        {denied ? (
          <>
            <h1 className="text-xl font-semibold">Access Denied</h1>
            <p className="text-text">You don't have permission to view this file.</p>
            <p className="text-sm text-text-muted">Contact the project owner to request access.</p>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">{missing ? EDITOR_MESSAGES.notFound : "Could not open the script"}</h1>
            {!missing && <p className="text-sm text-text-muted">{error.message || MESSAGES.accessDeniedDefault}</p>}
          </>
        )}
        <Button variant="primary" onClick={onExit} className="mt-2">
          <ArrowLeft aria-hidden /> Back to scripts
        </Button>
      </div>
    </div>
  );
}
