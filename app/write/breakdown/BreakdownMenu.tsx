import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Clapperboard, FileBarChart, ListTree, Rows3 } from "lucide-react";
import type { BreakdownResponse } from "../../../domain/breakdown/api";
import { Button, Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger, toast } from "../../ui";
import { shotListKeys } from "../../api/shotLists";
import { openShotList } from "../../shotlists/openShotList";
import { breakdownKeys, breakDownScript } from "./breakdownApi";
import { BreakdownReportDialog } from "./BreakdownReportDialog";

export interface BreakdownMenuProps {
  scriptId: string;
  scriptName: string;
  projectId: string;
  readOnly: boolean;
  /** The scene heading the caret is under, for 'This scene'. */
  currentHeadingId: string | null;
  /** Saves pending edits first (the breakdown reads the saved script); false stops it. */
  beforeRun(): Promise<boolean>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * Break down ▾: the whole script or the scene under the caret into the script's shot list, and
 * the breakdown report. View-only members get the report only.
 */
export function BreakdownMenu({ scriptId, scriptName, projectId, readOnly, currentHeadingId, beforeRun }: BreakdownMenuProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);

  const run = async (headingId?: string) => {
    setBusy(true);
    try {
      if (!(await beforeRun())) {
        toast.error("Save your changes before breaking down", { description: "The breakdown reads the saved script." });
        return;
      }
      const result: BreakdownResponse = await breakDownScript(scriptId, headingId);
      void queryClient.invalidateQueries({ queryKey: breakdownKeys.coverage(scriptId) });
      void queryClient.invalidateQueries({ queryKey: shotListKeys.list(projectId) });
      queryClient.removeQueries({ queryKey: shotListKeys.one(result.shotList.id) });
      const { scenes, shots } = result.counts;
      toast.success(headingId ? "Scene broken down" : "Script broken down", {
        description: `${result.shotList.name}: ${plural(shots, "shot")} across ${plural(scenes, "scene")}.`,
        action: { label: "Open shot list", onClick: () => openShotList(projectId, result.shotList.id) },
        duration: 8000,
      });
      for (const notice of result.notices) toast.warning(notice, { duration: 10_000 });
    } catch (err) {
      toast.error("Failed to break down the script", { description: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button size="sm" variant="secondary" loading={busy} aria-label="Break down">
            {!busy && <Clapperboard aria-hidden />}
            {busy ? "Breaking down…" : "Break down"}
            <ChevronDown aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent align="end">
          {!readOnly && (
            <>
              <MenuLabel>Break down into a shot list</MenuLabel>
              <MenuItem icon={<ListTree />} onSelect={() => void run()}>
                Whole script
              </MenuItem>
              <MenuItem icon={<Rows3 />} disabled={!currentHeadingId} onSelect={() => currentHeadingId && void run(currentHeadingId)}>
                This scene
              </MenuItem>
              <MenuSeparator />
            </>
          )}
          <MenuItem icon={<FileBarChart />} onSelect={() => setReportOpen(true)}>
            Breakdown report…
          </MenuItem>
        </MenuContent>
      </Menu>
      <BreakdownReportDialog open={reportOpen} onOpenChange={setReportOpen} scriptId={scriptId} scriptName={scriptName} />
    </>
  );
}
