import { useState, type FormEvent } from "react";
import { MESSAGES, projectCreatedToast } from "../../domain/errors";
import type { Project } from "../../domain/projects";
import { useCreateProject } from "../api/projects";
import { Button, Dialog, Field, Input, toast } from "../ui";
import { hasCode } from "../api/errorMessages";

/** spec (shell 2 "Create-project dialog"): one field; submit disabled while empty or busy. */
export function CreateProjectDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(project: Project): void;
}) {
  const create = useCreateProject();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const trimmed = name.trim();

  const close = (next: boolean) => {
    if (!next) {
      setName("");
      setError(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return setError(MESSAGES.projectNameRequired);
    create.mutate(
      { name: trimmed },
      {
        onSuccess: (project) => {
          toast.success(projectCreatedToast(project.name));
          close(false);
          onCreated(project);
        },
        onError: (err) => setError(hasCode(err, "already_exists", "bad_request") ? err.message : MESSAGES.projectCreateFailed),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Create a project" description="Give it a working title — you can rename it any time.">
      <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
        <Field label="Project Name" htmlFor="project-name" error={error}>
          <Input
            id="project-name"
            value={name}
            maxLength={120}
            placeholder="e.g. Night Swim — short film"
            invalid={!!error}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            autoFocus
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!trimmed || create.isPending} loading={create.isPending}>
            Create Project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
