import { Compass, Image as ImageIcon, Lightbulb, Video } from "lucide-react";
import { Button, toast } from "../ui";
import { useCanvas, useCommands } from "./store/useCanvas";

/** The empty state (spec: canvas 2): a hint for editors and three quick starts. */
export function EmptyCanvas() {
  const commands = useCommands();
  const canEdit = useCanvas((s) => s.canEdit);
  return (
    <div className="pointer-events-none absolute inset-0 z-[5] flex items-center justify-center">
      <div className="pointer-events-auto flex max-w-lg flex-col items-center gap-4 text-center">
        {canEdit ? (
          <>
            <p className="text-text-muted">Double-click anywhere to create a new Node, or start with...</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => commands.quickStart("describe-image")}>
                <ImageIcon className="size-4" /> Describe an Image
              </Button>
              <Button onClick={() => commands.quickStart("combine-ideas")}>
                <Lightbulb className="size-4" /> Combine ideas
              </Button>
              <Button onClick={() => commands.quickStart("video-from-image")}>
                <Video className="size-4" /> Make a video from an image
              </Button>
            </div>
            <Button variant="ghost" size="sm" onClick={() => toast.info("Explore Flows feature coming soon!")}>
              <Compass className="size-4" /> Explore Flows
            </Button>
          </>
        ) : (
          <p className="text-text-muted">This canvas is empty. You have view-only access.</p>
        )}
      </div>
    </div>
  );
}
