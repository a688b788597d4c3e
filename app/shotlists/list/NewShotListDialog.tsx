import { useEffect, useState, type FormEvent } from "react";
import { SHOT_LIST_NAME_MAX } from "../../../domain/shotlists/constants";
import { Button, Dialog, Field, Input } from "../../ui";

/** spec (shell 2 "Create New Shot List"): a name (required, trimmed), then the setup screen. */
export function NewShotListDialog({
  open,
  suggestedName,
  onOpenChange,
  onContinue,
}: {
  open: boolean;
  suggestedName: string;
  onOpenChange(o: boolean): void;
  onContinue(name: string): void;
}) {
  const [name, setName] = useState(suggestedName);
  useEffect(() => {
    if (open) setName(suggestedName);
  }, [open, suggestedName]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onContinue(name.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Shot List"
      description="Enter a name for your new shot list. This will help you organize your shots."
    >
      <form onSubmit={submit} className="flex flex-col gap-5">
        <Field label="Shot list name" htmlFor="new-shotlist-name">
          <Input
            id="new-shotlist-name"
            value={name}
            maxLength={SHOT_LIST_NAME_MAX}
            autoFocus
            onFocus={(e) => e.target.select()}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!name.trim()}>
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
