import type { NodeData } from "./node";

/** Bookkeeping fields: every write changes them, so they say nothing about what the user changed. */
const BOOKKEEPING = new Set(["rev", "lastModified"]);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields this client changed since the copy it knows the server has (`base`), leaving out `serverOwns`
 * (fields another writer decides, such as a generation's result). A removed field comes back as `undefined`.
 */
export function unsavedEdits(base: NodeData, local: NodeData, serverOwns: readonly string[] = []): Partial<NodeData> {
  const skip = new Set([...BOOKKEEPING, ...serverOwns]);
  const edits: Record<string, unknown> = {};
  const b = base as Record<string, unknown>;
  const l = local as Record<string, unknown>;
  for (const key of new Set([...Object.keys(b), ...Object.keys(l)])) {
    if (!skip.has(key) && !same(b[key], l[key])) edits[key] = l[key];
  }
  return edits as Partial<NodeData>;
}

/**
 * A node's data after the server reports a newer copy (another client's write, a generation, a conflict):
 * the server's copy with this client's unsaved edits on top, field by field, so neither side's change is
 * lost. `write` says whether the result must be saved (it differs from the server's copy, or an unsaved
 * write of ours would otherwise land over it).
 */
export function reconcileNode(opts: {
  base: NodeData | undefined;
  local: NodeData;
  server: NodeData;
  serverRev: number;
  serverOwns?: readonly string[];
  /**
   * The highest revision of a copy this client has already had from the server itself (a live message, a
   * conflict's answer, a reload), as opposed to one of its own writes the server acknowledged. A copy at or
   * below it carries nothing new: the server's history is one line, so what it says is in that later copy.
   */
  heardRev?: number;
}): { data: NodeData; rev: number; write: boolean } | null {
  const { base, local, server, serverRev } = opts;
  const localRev = local.rev ?? 0;
  /** Only the fields the server owns still count (the rest of its copy is older than this client's). */
  const ownedOnly = (floorRev: number) => {
    const owned = pick(server, opts.serverOwns ?? []);
    if (Object.keys(unsavedEdits(local, { ...local, ...owned })).length === 0) return null;
    const rev = Math.max(localRev, floorRev) + 1;
    return { data: { ...local, ...owned, rev }, rev, write: true };
  };
  if (!base) {
    // Nothing known about what is unsaved (a node created here, not yet acknowledged): the higher rev wins.
    return serverRev > localRev ? { data: { ...server, rev: serverRev }, rev: serverRev, write: false } : ownedOnly(serverRev);
  }
  if (serverRev < (base.rev ?? 0)) {
    // Older than a copy the server already sent: taking its owned fields would turn a result back (a
    // generation's 'generating' heard after its conflict answer said 'completed' undid the image).
    if (serverRev <= (opts.heardRev ?? -1)) return null;
    // Older than a write of ours the server stored, which overtook it: its owned fields still count.
    return ownedOnly(base.rev ?? 0);
  }
  // The copy already known (the server stores each revision once): nothing new, the pending write stands.
  if (serverRev === base.rev && Object.keys(unsavedEdits(base, server)).length === 0) return null;
  const edits = unsavedEdits(base, local, opts.serverOwns);
  if (Object.keys(edits).length === 0 && serverRev >= localRev)
    return { data: { ...server, rev: serverRev }, rev: serverRev, write: false };
  const rev = Math.max(localRev, serverRev) + 1;
  return { data: { ...server, ...edits, rev }, rev, write: true };
}

function pick(data: NodeData, keys: readonly string[]): Partial<NodeData> {
  const d = data as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => k in d).map((k) => [k, d[k]])) as Partial<NodeData>;
}
