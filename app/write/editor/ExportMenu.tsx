import { useState } from "react";
import { ChevronDown, Download, FileCode2, FileText, FileType2, Printer } from "lucide-react";
import { Button, Dialog, Field, Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger, Select, toast } from "../../ui";
import { downloadExport, type ExportFormat, type PdfOptions } from "./scriptApi";

export interface ExportMenuProps {
  scriptId: string;
  scriptName: string;
  /** Runs first (the editor saves pending edits so the file has them); false stops the export. */
  beforeExport(): Promise<boolean>;
}

const PAPER = [
  { value: "letter", label: "US Letter" },
  { value: "a4", label: "A4" },
];
const SCENE_NUMBERS = [
  { value: "none", label: "None" },
  { value: "left", label: "Left" },
  { value: "right", label: "Right" },
  { value: "both", label: "Both sides" },
];

/** Export ▾: Final Draft, Fountain, Word, or PDF (paper and scene-number options in a small dialog). */
export function ExportMenu({ scriptId, scriptName, beforeExport }: ExportMenuProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [pdf, setPdf] = useState<PdfOptions>({ paper: "letter", sceneNumbers: "none" });

  const run = async (format: ExportFormat, options?: PdfOptions) => {
    setBusy(format);
    try {
      if (!(await beforeExport())) {
        toast.error("Save your changes before exporting", { description: "The export is made from the saved script." });
        return false;
      }
      await downloadExport(scriptId, scriptName, format, options);
      return true;
    } catch (err) {
      toast.error("Failed to export the script", { description: (err as Error).message });
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button size="sm" variant="secondary" loading={busy !== null && !pdfOpen} aria-label="Export">
            {busy === null && <Download aria-hidden />}
            Export
            <ChevronDown aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent align="end">
          <MenuLabel>Export as</MenuLabel>
          <MenuItem icon={<FileCode2 />} onSelect={() => void run("fdx")}>
            Final Draft (.fdx)
          </MenuItem>
          <MenuItem icon={<FileText />} onSelect={() => void run("fountain")}>
            Fountain (.fountain)
          </MenuItem>
          <MenuItem icon={<FileType2 />} onSelect={() => void run("docx")}>
            Word (.docx)
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Printer />} onSelect={() => setPdfOpen(true)}>
            PDF…
          </MenuItem>
        </MenuContent>
      </Menu>
      <Dialog
        open={pdfOpen}
        onOpenChange={(open) => busy === null && setPdfOpen(open)}
        title="Export PDF"
        description="A print-ready screenplay in 12 pt Courier."
        className="max-w-sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setPdfOpen(false)} disabled={busy !== null}>
              Cancel
            </Button>
            <Button
              variant="primary"
              loading={busy === "pdf"}
              onClick={async () => {
                if (await run("pdf", pdf)) setPdfOpen(false);
              }}
            >
              Export PDF
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <Field label="Paper" htmlFor="export-paper">
            <Select
              id="export-paper"
              value={pdf.paper}
              onValueChange={(v) => setPdf((p) => ({ ...p, paper: v as PdfOptions["paper"] }))}
              options={PAPER}
            />
          </Field>
          <Field label="Scene numbers" htmlFor="export-scene-numbers">
            <Select
              id="export-scene-numbers"
              value={pdf.sceneNumbers}
              onValueChange={(v) => setPdf((p) => ({ ...p, sceneNumbers: v as PdfOptions["sceneNumbers"] }))}
              options={SCENE_NUMBERS}
            />
          </Field>
        </div>
      </Dialog>
    </>
  );
}
