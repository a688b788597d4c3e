import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useCreateProject } from "../api/projects";
import { toast } from "../ui";
import { createRemixProject, takeRemixDraft } from "./remixDraft";

/**
 * Turns a remix draft left by the gallery into a project and opens it (spec: shell 4 "Remix"). Used where
 * the user is known to be signed in (the dashboard). On failure the draft is gone and nothing else
 * happens but a log line (spec: shell 8 "Remix fails").
 */
export function useRemixDraft(): void {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateProject();
  // The latest functions, so the effect itself runs once per mount.
  const latest = useRef({ navigate, mutateAsync });
  latest.current = { navigate, mutateAsync };

  useEffect(() => {
    const draft = takeRemixDraft();
    if (!draft) return;
    createRemixProject(draft, (input) => latest.current.mutateAsync(input)).then(
      (project) => {
        toast.success(`Remixed "${project.name}" into a new project`);
        latest.current.navigate(`/?project=${encodeURIComponent(project.id)}`);
      },
      (err: unknown) => console.error("Remix failed:", err),
    );
  }, []);
}
