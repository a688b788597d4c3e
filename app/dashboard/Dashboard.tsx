import { useCallback, useMemo, useState } from "react";
import { Plus, Search, Share2, Tv, X } from "lucide-react";
import { useNavigate } from "react-router";
import type { SessionUser } from "../../domain/auth";
import { MESSAGES } from "../../domain/errors";
import { filterAndSortProjects } from "../../domain/projectList";
import type { Project } from "../../domain/projects";
import { useDeleteProject, useProjects } from "../api/projects";
import { useNow } from "../lib/useNow";
import { useRemixDraft } from "../remix/useRemixDraft";
import { MyQueueButton } from "../queue/MyQueueButton";
import { Button, ConfirmDialog, IconButton, Input, Skeleton, toast } from "../ui";
import { CreateProjectDialog } from "./CreateProjectDialog";
import { ProjectCard } from "./ProjectCard";
import { Sidebar } from "./Sidebar";
import { SortMenu } from "./SortMenu";
import { useSortPreference } from "./useSortPreference";
import { useDashboardView } from "./useDashboardView";
import { useProjectListLive } from "./useProjectListLive";

const SKELETON_CARDS = 6;

/**
 * The projects dashboard (spec: shell 2): My Projects holds the user's own projects; Shared with me (the
 * spec's disabled Shared Projects view) the projects others shared with them, each with its
 * owner's name and the user's permission. Both sort and search alike. Studio TV stays disabled.
 */
export function Dashboard({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const projects = useProjects();
  useProjectListLive();
  const remove = useDeleteProject();
  const now = useNow(30_000);
  const [view, setView] = useDashboardView();
  const [query, setQuery] = useState("");
  const [{ field, order }, setSort] = useSortPreference();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Project | null>(null);

  const open = useCallback((id: string) => navigate(`/?project=${encodeURIComponent(id)}`), [navigate]);
  // A gallery remix waiting in this browser becomes a project now that the user is signed in (spec: shell 4).
  useRemixDraft();

  const { own, shared } = useMemo(() => {
    const list = filterAndSortProjects(projects.data ?? [], query, field, order);
    return { own: list.filter((p) => p.permission === "owner"), shared: list.filter((p) => p.permission !== "owner") };
  }, [projects.data, query, field, order]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`Deleted "${deleting.name}"`);
        setDeleting(null);
      },
      onError: () => toast.error(MESSAGES.projectDeleteFailed),
    });
  };

  const toolbar = (
    <div className="flex flex-wrap items-center gap-3">
      <SortMenu field={field} order={order} onChange={setSort} />
      <div className="relative ml-auto w-full max-w-xs">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-text-muted" aria-hidden />
        <Input
          type="search"
          aria-label="Search projects"
          placeholder="Search projects"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && setQuery("")}
          className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {query && (
          /* Centred by a flex wrapper, not a transform: the button's own press effect uses `translate`. */
          <span className="absolute inset-y-0 right-1 z-10 flex items-center">
            <IconButton label="Clear search" size="sm" variant="ghost" onClick={() => setQuery("")}>
              <X className="size-4" />
            </IconButton>
          </span>
        )}
      </div>
      <MyQueueButton />
      <Button variant="primary" onClick={() => setCreating(true)}>
        <Plus className="size-4" /> Project
      </Button>
    </div>
  );

  return (
    <div className="flex min-h-dvh bg-bg">
      <Sidebar user={user} view={view} onView={setView} />
      <main className="min-w-0 flex-1 px-8 py-8">
        {view === "tv" ? (
          <DisabledView title="Studio TV" />
        ) : (
          <div className="mx-auto flex max-w-6xl flex-col gap-6">
            <header className="flex flex-col gap-4">
              <h1 className="text-2xl font-semibold text-text">{view === "shared" ? "Shared with me" : "All Projects"}</h1>
              {toolbar}
            </header>
            {projects.isPending ? (
              <Grid>
                {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  <div key={i} data-testid="project-skeleton" className="overflow-hidden rounded-xl border border-border bg-surface">
                    <Skeleton className="aspect-video w-full rounded-none" />
                    <div className="space-y-2 p-4">
                      <Skeleton className="h-4 w-2/3" />
                      <Skeleton className="h-3 w-1/3" />
                    </div>
                  </div>
                ))}
              </Grid>
            ) : projects.isError ? (
              <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-danger">
                Couldn't load your projects: {projects.error.message}{" "}
                <Button size="sm" variant="ghost" onClick={() => projects.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <>
                {view === "projects" ? (
                  <ProjectSection
                    label="My projects"
                    projects={own}
                    now={now}
                    onOpen={open}
                    onDelete={setDeleting}
                    empty={
                      query ? (
                        <p className="text-text-muted">No projects match "{query}".</p>
                      ) : (
                        <EmptyProjects onCreate={() => setCreating(true)} />
                      )
                    }
                  />
                ) : (
                  <ProjectSection
                    label="Shared with me"
                    projects={shared}
                    now={now}
                    onOpen={open}
                    onDelete={setDeleting}
                    empty={
                      query ? <p className="text-text-muted">No shared projects match "{query}".</p> : <EmptyShared email={user.email} />
                    }
                  />
                )}
              </>
            )}
          </div>
        )}
      </main>
      <CreateProjectDialog open={creating} onOpenChange={setCreating} onCreated={(p) => open(p.id)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete "${deleting?.name ?? ""}"?`}
        message={MESSAGES.projectDeleteConfirm}
        confirmLabel="Delete project"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function Grid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">{children}</div>;
}

function ProjectSection(props: {
  label: string;
  projects: Project[];
  now: number;
  onOpen(id: string): void;
  onDelete(p: Project): void;
  empty: React.ReactNode;
}) {
  if (props.projects.length === 0) return <>{props.empty}</>;
  return (
    <div role="list" aria-label={props.label}>
      <Grid>
        {props.projects.map((p) => (
          <div role="listitem" key={p.id}>
            <ProjectCard project={p} now={props.now} onOpen={props.onOpen} onDelete={props.onDelete} />
          </div>
        ))}
      </Grid>
    </div>
  );
}

function EmptyProjects({ onCreate }: { onCreate(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <p className="text-lg font-medium text-text">No projects yet</p>
      <p className="max-w-sm text-sm text-text-muted">
        A project holds your scripts, shot lists, assets and canvas for one film. Start one to begin.
      </p>
      <Button variant="primary" onClick={onCreate}>
        <Plus className="size-4" /> Create your first project
      </Button>
    </div>
  );
}

function EmptyShared({ email }: { email: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <Share2 className="size-8 text-text-muted" aria-hidden />
      <p className="text-lg font-medium text-text">Nobody has shared a project with you yet</p>
      <p className="max-w-md text-sm text-text-muted">
        When someone adds your e-mail ({email}) with Share in one of their projects, it shows up here with their name and whether you can
        edit it or only view it. To share one of your own projects, open it and press Share.
      </p>
    </div>
  );
}

function DisabledView({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
      <Tv className="size-8 text-text-muted" aria-hidden />
      <h1 className="text-xl font-semibold text-text">{title}</h1>
      <p className="text-text-muted">This functionality has been disabled.</p>
    </div>
  );
}
