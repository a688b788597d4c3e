import { ListOrdered, Loader2 } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import type { QueueRun } from "../../domain/runs/queue";
import { Button, Popover, PopoverContent, PopoverTrigger } from "../ui";
import { useActiveRunCount } from "./useMyQueue";

// The panel loads when first opened: the dashboard's first load carries only the button and its count.
const MyQueuePanel = lazy(() => import("./MyQueuePanel").then((m) => ({ default: m.MyQueuePanel })));

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
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 p-4 text-sm text-text-muted">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your queue…
            </p>
          }
        >
          <MyQueuePanel currentProjectId={currentProjectId} onOpen={onOpen} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
