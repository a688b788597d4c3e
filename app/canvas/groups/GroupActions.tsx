import { ChevronDown, ChevronRight, Palette, Play, Ungroup } from "lucide-react";
import { GROUP_COLOURS, type GroupRecord } from "../../../domain/canvas/group";
import { IconButton, Popover, PopoverContent, PopoverTrigger, cn } from "../../ui";
import { useCommands, useGeneration } from "../store/useCanvas";
import { GROUP_COLOUR } from "./groupColours";

/** The buttons on a group's title bar: collapse or expand, colour, run the group, ungroup (editors only). */
export function GroupActions({ group }: { group: GroupRecord }) {
  const commands = useCommands();
  const generation = useGeneration();
  const runGroup = () => generation.graph.ask("selected", commands.liveMembers(group.id), `Run group “${group.name}”`);
  return (
    <span className="nodrag flex shrink-0 items-center gap-0.5" data-no-group-drag>
      <IconButton
        label={group.collapsed ? "Expand group" : "Collapse group"}
        size="sm"
        onClick={() => commands.setGroupCollapsed(group.id, !group.collapsed)}
        data-testid="group-collapse"
      >
        {group.collapsed ? <ChevronRight /> : <ChevronDown />}
      </IconButton>
      <Popover>
        <PopoverTrigger asChild>
          <IconButton label="Group colour" size="sm" data-testid="group-colour">
            <Palette />
          </IconButton>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-2" aria-label="Group colour">
          <div className="flex gap-1.5" role="radiogroup" aria-label="Group colour">
            {GROUP_COLOURS.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={group.colour === c}
                aria-label={c}
                data-testid={`group-colour-${c}`}
                className={cn(
                  "h-6 w-6 rounded-full border-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-accent)]",
                  group.colour === c ? "border-text" : "border-transparent",
                )}
                style={{ background: GROUP_COLOUR[c] }}
                onClick={() => commands.recolourGroup(group.id, c)}
              />
            ))}
          </div>
        </PopoverContent>
      </Popover>
      <IconButton label="Run group" size="sm" onClick={runGroup} data-testid="group-run">
        <Play />
      </IconButton>
      <IconButton label="Ungroup (Ctrl+Shift+G)" size="sm" onClick={() => commands.ungroup(group.id)} data-testid="group-ungroup">
        <Ungroup />
      </IconButton>
    </span>
  );
}
