import { ChevronDown, Download, FileSpreadsheet, FileText, LayoutGrid } from "lucide-react";
import type { ShotListPdfLayout } from "../../../domain/shotlists/schema";
import { shotListExportUrl } from "../../api/shotLists";
import { Button, Menu, MenuContent, MenuItem, MenuTrigger, toast } from "../../ui";

/** Saves pending edits, then lets the browser download the file the server renders. */
async function download(url: string, flush: () => Promise<boolean>) {
  if (!(await flush())) {
    toast.error("Save your changes before exporting: the last save failed");
    return;
  }
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  document.body.append(a);
  a.click();
  a.remove();
}

/** Export: PDF as a table or a storyboard, or CSV for a spreadsheet. */
export function ExportMenu({ listId, flush }: { listId: string; flush: () => Promise<boolean> }) {
  const pdf = (layout: ShotListPdfLayout) => () => void download(shotListExportUrl(listId, "pdf", layout), flush);
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button>
          <Download /> Export <ChevronDown className="text-text-muted" />
        </Button>
      </MenuTrigger>
      <MenuContent align="end">
        <MenuItem icon={<FileText />} onSelect={pdf("table")}>
          PDF — shot table
        </MenuItem>
        <MenuItem icon={<LayoutGrid />} onSelect={pdf("storyboard")}>
          PDF — storyboard
        </MenuItem>
        <MenuItem icon={<FileSpreadsheet />} onSelect={() => void download(shotListExportUrl(listId, "csv"), flush)}>
          CSV spreadsheet
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
