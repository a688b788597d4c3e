import { Clapperboard, FileText } from "lucide-react";
import type { Project } from "../../domain/projects";

/** Scripts and Shot Lists share this document view (spec: shell 2 "Workspace modes"). */
export function WriteMode({ project, mode }: { project: Project; mode: "scripts" | "shotLists" }) {
  const scripts = mode === "scripts";
  const Icon = scripts ? FileText : Clapperboard;
  return (
    <section data-testid={`${mode}-mode`} className="mx-auto flex h-full max-w-5xl flex-col gap-6 px-8 py-8">
      <h1 className="text-2xl font-semibold text-text">{scripts ? "Scripts" : "Shot Lists"}</h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
        <Icon className="size-8 text-text-muted" aria-hidden />
        <p className="text-lg font-medium text-text">{scripts ? "The screenplay editor is not in this build yet" : "Shot lists are not in this build yet"}</p>
        <p className="max-w-md text-sm text-text-muted">
          {scripts
            ? `Writing, importing (.fdx, .docx, .fountain) and exporting scripts for ${project.name} arrive with the Scripts release.`
            : `Planning scenes and shots for ${project.name}, with images and PDF/CSV export, arrives with the Shot Lists release.`}
        </p>
      </div>
    </section>
  );
}
