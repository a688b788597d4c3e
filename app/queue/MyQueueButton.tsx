import { ListOrdered } from "lucide-react";
import type { ReactNode } from "react";
import type { QueueRun } from "../../domain/runs/queue";
import { Button, Popover, PopoverContent, PopoverTrigger } from "../ui";
import { MyQueuePanel, useActiveRunCount } from "./MyQueuePanel";

/** "Queue (n)": opens my queue across projects (the canvas toolbar and the dashboard show it). */
export function MyQueueButton({
  side = "bottom",
  icon,
  currentProjectId,
  onOpen,
}: {
  side?: "top" | "bottom";
  icon?: ReactNode;
  currentProjectId?: string;
  onOpen?: (run: QueueRun) => void;
}) {
  const active = useActiveRunCount();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="queue-button">
          {icon ?? <ListOrdered className="size-4" aria-hidden />} Queue{active > 0 ? ` (${active})` : ""}
        </Button>
      </PopoverTrigger>
      <PopoverContent side={side} align="end" className="w-[34rem] max-w-[calc(100vw-2rem)] p-0">
        <MyQueuePanel currentProjectId={currentProjectId} onOpen={onOpen} />
      </PopoverContent>
    </Popover>
  );
}
