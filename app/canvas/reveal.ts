/**
 * A node the canvas should bring into view the next time it opens (a shot just sent from a shot list lands
 * right of everything, usually outside the saved view). Kept per project, used once.
 */
const pending = new Map<string, string>();

export function revealOnCanvas(projectId: string, nodeId: string): void {
  pending.set(projectId, nodeId);
}

export function takeReveal(projectId: string): string | null {
  const nodeId = pending.get(projectId) ?? null;
  pending.delete(projectId);
  return nodeId;
}
