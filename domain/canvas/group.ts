import { z } from "zod";
import { nodeIdSchema } from "./ids";

/**
 * A group (part 2): a named, coloured frame around some nodes, part of the canvas document. It
 * keeps only its members' ids; its frame is drawn from where they are (`groupBounds`), so moving a node
 * moves the frame and nothing about a group needs saving when its nodes move. A member that is deleted
 * stays listed (an undo of the delete puts it back in its group); only live members are drawn.
 */
export const GROUP_COLOURS = ["slate", "blue", "violet", "green", "amber", "rose"] as const;
export type GroupColour = (typeof GROUP_COLOURS)[number];

export const GROUP_NAME_MAX = 80;
export const GROUP_MEMBERS_MAX = 2000;

export const groupIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9_.:-]+$/, "Invalid group id");

export const groupRecordSchema = z.object({
  id: groupIdSchema,
  name: z
    .string()
    .trim()
    .min(1, "Group name cannot be empty")
    .max(GROUP_NAME_MAX, `Group name must be at most ${GROUP_NAME_MAX} characters`),
  colour: z.enum(GROUP_COLOURS),
  nodeIds: z.array(nodeIdSchema).min(1).max(GROUP_MEMBERS_MAX),
  collapsed: z.boolean(),
});
export type GroupRecord = z.infer<typeof groupRecordSchema>;

export const newGroupId = (t: number, random: () => number = Math.random): string =>
  `group-${t}-${Math.floor(random() * 1e9).toString(36)}`;

/** A new group's name: "Group N", the first N no group of the canvas uses. */
export function nextGroupName(existing: readonly { name: string }[]): string {
  const used = new Set(existing.map((g) => g.name));
  for (let n = 1; ; n++) if (!used.has(`Group ${n}`)) return `Group ${n}`;
}

/** Room around the members inside the frame, and the title bar above them. */
export const GROUP_PADDING = 32;
export const GROUP_TITLE_HEIGHT = 36;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The frame around the boxes of a group's live members (null when none is on the canvas). */
export function groupBounds(members: readonly Box[]): Box | null {
  if (members.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const m of members) {
    left = Math.min(left, m.x);
    top = Math.min(top, m.y);
    right = Math.max(right, m.x + m.width);
    bottom = Math.max(bottom, m.y + m.height);
  }
  return {
    x: left - GROUP_PADDING,
    y: top - GROUP_PADDING - GROUP_TITLE_HEIGHT,
    width: right - left + 2 * GROUP_PADDING,
    height: bottom - top + 2 * GROUP_PADDING + GROUP_TITLE_HEIGHT,
  };
}

/**
 * What a collapsed group shows of its wiring: the edges that enter it (from a node outside) and leave it
 * (to a node outside), by the outside node's id; edges inside it are hidden.
 */
export function groupPorts(
  memberIds: ReadonlySet<string>,
  edges: readonly { source: string; target: string }[],
): { inputs: string[]; outputs: string[] } {
  const inputs = new Set<string>();
  const outputs = new Set<string>();
  for (const e of edges) {
    const from = memberIds.has(e.source);
    const to = memberIds.has(e.target);
    if (!from && to) inputs.add(e.source);
    if (from && !to) outputs.add(e.target);
  }
  return { inputs: [...inputs], outputs: [...outputs] };
}
