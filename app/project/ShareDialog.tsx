import { useState, type FormEvent } from "react";
import { Trash2 } from "lucide-react";
import { addMemberSchema } from "../../domain/projects";
import type { MemberPermission } from "../../domain/permissions";
import { useAddMember, useMembers, useRemoveMember } from "../api/projects";
import { Button, Dialog, Field, IconButton, Input, Select, Skeleton, toast } from "../ui";

const PERMISSIONS = [
  { value: "view", label: "Can view" },
  { value: "edit", label: "Can edit" },
];

/** The owner shares the project with registered users as view or edit, and takes access back. */
export function ShareDialog({ projectId, open, onOpenChange }: { projectId: string; open: boolean; onOpenChange(o: boolean): void }) {
  const members = useMembers(projectId, open);
  const add = useAddMember(projectId);
  const remove = useRemoveMember(projectId);
  const [email, setEmail] = useState("");
  const [permission, setPermission] = useState<MemberPermission>("view");
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = addMemberSchema.safeParse({ email, permission });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the e-mail address");
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: (m) => {
        toast.success(`Shared with ${m.name || m.email} (${m.permission === "edit" ? "can edit" : "view only"})`);
        setEmail("");
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share project"
      description="Invite people who have a Reelgraph account on this studio."
    >
      <form onSubmit={submit} className="flex items-end gap-2" noValidate>
        <Field label="E-mail" htmlFor="share-email" error={error}>
          <Input
            id="share-email"
            type="email"
            placeholder="name@example.com"
            value={email}
            invalid={!!error}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            autoFocus
          />
        </Field>
        <Select
          aria-label="Permission"
          value={permission}
          onValueChange={(v) => setPermission(v as MemberPermission)}
          options={PERMISSIONS}
          className="mb-[2px] w-32"
        />
        <Button type="submit" variant="primary" loading={add.isPending} disabled={!email.trim()} className="mb-[2px]">
          Share
        </Button>
      </form>
      <div className="mt-6">
        <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-text-muted">People with access</h3>
        {members.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : members.isError ? (
          <p role="alert" className="text-sm text-danger">
            {members.error.message}
          </p>
        ) : members.data.length === 0 ? (
          <p className="text-sm text-text-muted">Only you, for now.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Members">
            {members.data.map((m) => (
              <li key={m.userId} className="flex items-center gap-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm text-text">{m.name}</span>
                  <span className="block truncate text-xs text-text-muted">{m.email}</span>
                </span>
                <Select
                  aria-label={`Permission for ${m.email}`}
                  value={m.permission}
                  options={PERMISSIONS}
                  className="w-32"
                  onValueChange={(v) =>
                    add.mutate({ email: m.email, permission: v as MemberPermission }, { onError: (err) => toast.error(err.message) })
                  }
                />
                <IconButton
                  label={`Remove ${m.email}`}
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    remove.mutate(m.userId, {
                      onSuccess: () => toast.success(`${m.email} no longer has access`),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                >
                  <Trash2 className="size-4" />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
