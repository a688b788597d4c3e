import { useRef, useState, type FormEvent } from "react";
import { UploadCloud } from "lucide-react";
import { checkScriptUpload, nameFromFileName, SCRIPT_MESSAGES } from "../../../domain/scripts";
import { Button, Dialog, Field, Input, cn } from "../../ui";

/** spec (shell 2 "Dialogs", Create New Script): name required and trimmed; 'Create Script' / 'Creating...'. */
export function CreateScriptDialog({
  open,
  onOpenChange,
  busy,
  onCreate,
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
  busy: boolean;
  onCreate(name: string): void;
}) {
  const [name, setName] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onCreate(name.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setName("");
        onOpenChange(o);
      }}
      title="Create New Script"
      description="Enter a name for your new script. This will help you organize your screenplays."
    >
      <form onSubmit={submit} className="flex flex-col gap-5">
        <Field label="Script name" htmlFor="script-name">
          <Input
            id="script-name"
            value={name}
            maxLength={200}
            autoFocus
            placeholder="e.g. Night Swim — draft 1"
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!name.trim() || busy}>
            {busy ? "Creating..." : "Create Script"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Rename from the script's card: the current name, trimmed, required. */
export function RenameScriptDialog({
  script,
  onOpenChange,
  busy,
  onRename,
}: {
  script: { name: string } | null;
  onOpenChange(o: boolean): void;
  busy: boolean;
  onRename(name: string): void;
}) {
  const [name, setName] = useState("");
  const [shownFor, setShownFor] = useState<{ name: string } | null>(null);
  if (script !== shownFor) {
    setShownFor(script);
    setName(script?.name ?? "");
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onRename(name.trim());
  };
  return (
    <Dialog open={!!script} onOpenChange={onOpenChange} title="Rename Script">
      <form onSubmit={submit} className="flex flex-col gap-5">
        <Field label="Script name" htmlFor="rename-script-name">
          <Input
            id="rename-script-name"
            value={name}
            maxLength={200}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!name.trim() || busy} loading={busy}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** spec (shell 2 "Upload Script", 5 "Script upload"); Fountain files are accepted too. */
export function UploadScriptDialog({
  open,
  onOpenChange,
  busy,
  error,
  onUpload,
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
  busy: boolean;
  error: string | null;
  onUpload(file: File, name: string): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  // A name the user typed stays; a suggested one follows each newly chosen file.
  const [nameTyped, setNameTyped] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = (f: File | undefined) => {
    if (!f) return;
    const check = checkScriptUpload(f.name, f.size);
    if ("error" in check) {
      setProblem(check.error);
      setFile(null);
      return;
    }
    setProblem(null);
    setFile(f);
    if (!nameTyped || !name.trim()) {
      setName(nameFromFileName(f.name));
      setNameTyped(false);
    }
  };
  const reset = () => {
    setFile(null);
    setName("");
    setNameTyped(false);
    setProblem(null);
  };
  const shown = problem ?? error;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      title="Upload Script"
      description="Upload a Final Draft (.fdx) or Microsoft Word (.docx) script file to your project. Fountain (.fountain) works too."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (file && name.trim()) onUpload(file, name.trim());
        }}
      >
        <div
          role="button"
          tabIndex={0}
          aria-label="Choose a script file"
          onClick={() => input.current?.click()}
          onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            choose(e.dataTransfer.files[0]);
          }}
          className={cn(
            "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm",
            over ? "border-accent bg-accent/5" : "border-border hover:border-text-muted",
          )}
        >
          <UploadCloud className="size-6 text-text-muted" aria-hidden />
          {file ? (
            <span className="text-text">{file.name}</span>
          ) : (
            <span className="text-text-muted">Drag a .fdx, .docx or .fountain file here, or browse</span>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept=".fdx,.docx,.fountain,.spmd"
          className="hidden"
          data-testid="script-file-input"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <Field label="Script name" htmlFor="upload-script-name">
          <Input
            id="upload-script-name"
            value={name}
            maxLength={200}
            onChange={(e) => {
              setName(e.target.value);
              setNameTyped(true);
            }}
          />
        </Field>
        {shown && (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {shown}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!file || !name.trim() || busy} loading={busy}>
            Upload
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export const deleteScriptMessage = (name: string) =>
  `Are you sure you want to delete "${name}"? This action cannot be undone and will remove all content in this script.`;
export { SCRIPT_MESSAGES };
