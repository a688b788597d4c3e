/**
 * Presence: who has the project open, in which mode, where on the canvas or in which script,
 * what they have selected and where their pointer is. It travels over the project's live channel: a tab
 * sends frames (`presenceFrameSchema`), the server keeps each connection's state and fans it out as
 * `PresenceMessage`s to the project's other tabs, on every studio process (the realtime relay).
 */
import { z } from "zod";
import { slotFor } from "../stringHash";

export const PRESENCE_MODES = ["scripts", "shotLists", "assets", "canvas"] as const;
export type PresenceMode = (typeof PRESENCE_MODES)[number];

/** A peer's cursor is forwarded at most this often (20 a second), whatever its tab sends. */
export const CURSOR_INTERVAL_MS = 50;
/** A peer's state (mode, viewport, selection) is forwarded at most this often. */
export const STATE_INTERVAL_MS = 100;
/** A cursor that has not moved for this long is no longer drawn. */
export const CURSOR_IDLE_MS = 10_000;
/** Selections beyond this many nodes are outlined by their first ones only (it keeps frames small). */
export const MAX_PRESENCE_SELECTION = 50;
/** A connection that answers nothing for this long is gone (a lost network sends no close). */
export const PRESENCE_STALE_MS = 25_000;
/** How often the server re-announces its connections to the other processes and checks the rest. */
export const PRESENCE_REFRESH_MS = 10_000;

const coordinate = z.number().finite().min(-1e7).max(1e7);
export const viewportSchema = z.strictObject({ x: coordinate, y: coordinate, zoom: z.number().finite().min(0.01).max(10) });
export type PresenceViewport = z.infer<typeof viewportSchema>;

/** What a tab says about itself; absent fields stay as they were. */
export const presenceStateFrameSchema = z.strictObject({
  type: z.literal("presence"),
  mode: z.enum(PRESENCE_MODES).optional(),
  /** The script open in the Scripts mode, or null. */
  scriptId: z.string().max(64).nullable().optional(),
  /** The first element on screen in the script editor (where a follower scrolls to), or null. */
  scriptElementId: z.string().max(64).nullable().optional(),
  viewport: viewportSchema.nullable().optional(),
  selection: z.array(z.string().min(1).max(64)).max(MAX_PRESENCE_SELECTION).optional(),
});

/** The pointer on the canvas in flow coordinates; null when it left the canvas. */
export const cursorFrameSchema = z.strictObject({ type: z.literal("cursor"), x: coordinate.nullable(), y: coordinate.nullable() });

export const presenceFrameSchema = z.discriminatedUnion("type", [presenceStateFrameSchema, cursorFrameSchema]);
export type PresenceFrame = z.infer<typeof presenceFrameSchema>;
export type PresenceStateFrame = z.infer<typeof presenceStateFrameSchema>;

/** One open tab of a member, as the others see it. */
export interface PresencePeer {
  connectionId: string;
  userId: string;
  name: string;
  color: string;
  canEdit: boolean;
  mode: PresenceMode | null;
  scriptId: string | null;
  scriptElementId: string | null;
  viewport: PresenceViewport | null;
  selection: string[];
}

export type PresenceMessage =
  /** Sent to a tab alone when it says hello: everyone already there. */
  | { type: "presence-snapshot"; connectionId: string; peers: PresencePeer[] }
  | { type: "presence-peer"; peer: PresencePeer }
  | { type: "presence-leave"; connectionId: string }
  | { type: "cursor"; connectionId: string; x: number | null; y: number | null };

/** Colours that stay apart on the dark canvas and from the studio's accent; a member keeps one everywhere. */
export const PRESENCE_COLORS = ["#f97316", "#22c55e", "#38bdf8", "#e879f9", "#facc15", "#f43f5e", "#2dd4bf", "#a78bfa"] as const;

export function presenceColor(userId: string): string {
  return PRESENCE_COLORS[slotFor(userId, PRESENCE_COLORS.length)]!;
}

/** A peer's state after a frame: only the fields the frame names change. */
export function applyStateFrame(peer: PresencePeer, frame: PresenceStateFrame): PresencePeer {
  return {
    ...peer,
    ...(frame.mode !== undefined ? { mode: frame.mode } : {}),
    ...(frame.scriptId !== undefined ? { scriptId: frame.scriptId } : {}),
    ...(frame.scriptElementId !== undefined ? { scriptElementId: frame.scriptElementId } : {}),
    ...(frame.viewport !== undefined ? { viewport: frame.viewport } : {}),
    ...(frame.selection !== undefined ? { selection: frame.selection } : {}),
  };
}

export const PRESENCE_MODE_LABELS: Record<PresenceMode, string> = {
  scripts: "Scripts",
  shotLists: "Shot Lists",
  assets: "Assets",
  canvas: "Canvas",
};
