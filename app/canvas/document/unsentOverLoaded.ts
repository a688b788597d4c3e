import { type CanvasChange, nodeData } from "../../../domain/canvas/changes";
import type { NodeData } from "../../../domain/canvas/node";
import { unsavedEdits } from "../../../domain/canvas/nodeMerge";
import type { OutboxEntry } from "../outbox/outboxEntries";

/**
 * Unsent edits of an earlier page, over the canvas this page just loaded: `replayed` are shown as they are
 * (they are queued already), `rebased` are put back field by field on a newer copy the page loaded and
 * queued again against it (another person wrote the node since, or a write of ours whose answer was lost
 * landed), so fields the edits never touched are not turned back.
 */
export function unsentOverLoaded(
  entries: readonly OutboxEntry[],
  loaded: ReadonlyMap<string, NodeData>,
): { replayed: CanvasChange[]; rebased: CanvasChange[] } {
  const changes: CanvasChange[] = [];
  const rebased: CanvasChange[] = [];
  // Nodes an unsent undo of a delete brings back while the page loaded them: see below.
  const restoredOverLoaded = new Set<string>();
  // Each node's copy as rebased so far, and the fields of this page's in it.
  const rebasedCopies = new Map<string, { data: NodeData; fields: string[] }>();
  for (const e of entries) {
    if (e.kind === "shape") {
      for (const c of e.changes) {
        const copy = c.type === "node-restored" && c.node ? loaded.get(c.id) : undefined;
        if (c.type !== "node-restored" || !c.node || !copy) {
          changes.push(c);
          continue;
        }
        // The node comes back as the page loaded it, not as the copy it was deleted with: measured against
        // the loaded copy, that older copy would count as edits of this page's and turn back what others
        // wrote meanwhile (fuzz 50×1000, seed 11: a prompt written elsewhere looked removed here, and that
        // was saved). What was unsent in it is the restore's data entry's `fields`, put back below.
        restoredOverLoaded.add(c.id);
        changes.push({ ...c, node: { ...c.node, data: copy } });
      }
      continue;
    }
    const shown = loaded.get(e.nodeId);
    const shownRev = shown?.rev ?? 0;
    // A restore's revision minus one may be a write of this page's that never landed, not the loaded one.
    // So may the base of an edit queued behind another entry of the node: that write may have been in flight
    // at the reload and refused (fuzz 50×1000, seed 4: such an edit, shown whole, put the old content it
    // was made on over another person's newer one, which was later saved back as this page's edit). It goes
    // field by field onto the earlier entry's rebased copy, like the earlier one onto the loaded copy.
    const earlier = rebasedCopies.get(e.nodeId);
    const newer = shownRev > e.prevRev || (restoredOverLoaded.has(e.nodeId) && shownRev >= e.prevRev) || earlier !== undefined;
    // An entry without `fields` holds a node's first data, made here: it claims the values it holds (a field
    // it lacks is one it never had, not one it removed: fuzz 50×1000, seed 13, where another person's
    // description, loaded with the page, was saved away). A loaded copy past its revision means its write
    // landed long ago and others wrote since: the loaded copy stands (as inbound.ts decides for a refusal).
    if (shown && !e.fields && shownRev > (e.data.rev ?? 0)) continue;
    // (Against an empty copy, unsavedEdits lists exactly the values it holds, bookkeeping left out.)
    const fields = e.fields ?? Object.keys(unsavedEdits({}, e.data));
    if (shown && newer) {
      const mine = Object.fromEntries(fields.map((f) => [f, (e.data as Record<string, unknown>)[f]]));
      const onto = earlier ?? { data: shown, fields: [] };
      const rev = Math.max(onto.data.rev ?? 0, e.data.rev ?? 0) + 1;
      // The outbox keeps one entry per node: its fields are all of this page's, the earlier entries' too.
      const allFields = [...new Set([...onto.fields, ...fields])];
      const data = { ...onto.data, ...mine, rev };
      rebasedCopies.set(e.nodeId, { data, fields: allFields });
      rebased.push(nodeData(e.nodeId, data, shownRev, { fields: allFields }));
    } else if ((e.data.rev ?? 0) > shownRev) changes.push(nodeData(e.nodeId, e.data, e.prevRev));
  }
  return { replayed: changes, rebased };
}
