/**
 * Presence on the server: each instance keeps the state of the tabs connected to it and a copy
 * of every other instance's, learned from the relay. A tab's frames change its state; states and cursors
 * go out through the hub (to this instance's other tabs and, through the relay, to the others') at most
 * 10 and 20 times a second per tab, whatever the tab sends, so a flood from one tab costs everyone else
 * nothing but that. Instances re-announce their tabs every 10 s; a copy not refreshed for 25 s belongs to an
 * instance that is gone, and its tabs leave (within 30 s). A tab whose network is lost without a close is
 * found by the live route's pings.
 */
import {
  applyStateFrame,
  CURSOR_INTERVAL_MS,
  PRESENCE_REFRESH_MS,
  PRESENCE_STALE_MS,
  STATE_INTERVAL_MS,
  type PresenceFrame,
  type PresencePeer,
} from "../../domain/presence/presence";
import type { RealtimeMessage } from "../../domain/realtime";
import { LatestThrottle } from "../../domain/presence/latestThrottle";
import type { RealtimeHub } from "./hub";

interface LocalTab {
  projectId: string;
  peer: PresencePeer;
  state: LatestThrottle<PresencePeer>;
  cursor: LatestThrottle<{ x: number | null; y: number | null }>;
}

interface KnownPeer {
  peer: PresencePeer;
  /** When this instance last heard of it (a remote peer's refresh). */
  seenAt: number;
}

export class Presence {
  private readonly local = new Map<string, LocalTab>();
  /** Every peer this instance knows of, by project: its own tabs and the other instances'. */
  private readonly projects = new Map<string, Map<string, KnownPeer>>();
  private readonly timer: NodeJS.Timeout;
  private readonly stopObserving: () => void;

  private readonly now: () => number;

  constructor(
    private readonly hub: RealtimeHub,
    options: { now?: () => number; refreshMs?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.stopObserving = hub.observeRemote((projectId, message) => this.heard(projectId, message));
    // Sweeps twice per announcement, so an instance that died is noticed within the stale time plus 5 s.
    let tick = 0;
    this.timer = setInterval(() => this.refresh(tick++ % 2 === 0), (options.refreshMs ?? PRESENCE_REFRESH_MS) / 2);
    this.timer.unref();
  }

  /** A tab joins: everyone learns of it, and it is answered with who is already here (not itself). */
  join(projectId: string, peer: PresencePeer): PresencePeer[] {
    const publish = (p: PresencePeer) => void this.hub.publish(projectId, { type: "presence-peer", peer: p });
    const tab: LocalTab = {
      projectId,
      peer,
      state: new LatestThrottle(STATE_INTERVAL_MS, publish),
      cursor: new LatestThrottle(
        CURSOR_INTERVAL_MS,
        (c) => void this.hub.publish(projectId, { type: "cursor", connectionId: peer.connectionId, ...c }),
      ),
    };
    this.local.set(peer.connectionId, tab);
    this.remember(projectId, peer);
    publish(peer);
    return this.peersOf(projectId).filter((p) => p.connectionId !== peer.connectionId);
  }

  /** A frame from a joined tab. Frames of a tab that has not joined are ignored. */
  frame(connectionId: string, frame: PresenceFrame): void {
    const tab = this.local.get(connectionId);
    if (!tab) return;
    if (frame.type === "cursor") return tab.cursor.push({ x: frame.x, y: frame.y });
    tab.peer = applyStateFrame(tab.peer, frame);
    this.remember(tab.projectId, tab.peer);
    tab.state.push(tab.peer);
  }

  /**
   * The tab's user may now edit, or no longer may (a member's permission changed): everyone present hears it
   * at once, not at the tab's next frame.
   */
  setCanEdit(connectionId: string, canEdit: boolean): void {
    const tab = this.local.get(connectionId);
    if (!tab || tab.peer.canEdit === canEdit) return;
    tab.peer = { ...tab.peer, canEdit };
    this.remember(tab.projectId, tab.peer);
    tab.state.push(tab.peer);
  }

  leave(connectionId: string): void {
    const tab = this.local.get(connectionId);
    if (!tab) return;
    tab.state.cancel();
    tab.cursor.cancel();
    this.local.delete(connectionId);
    this.forget(tab.projectId, connectionId);
    void this.hub.publish(tab.projectId, { type: "presence-leave", connectionId });
  }

  peersOf(projectId: string): PresencePeer[] {
    return [...(this.projects.get(projectId)?.values() ?? [])].map((k) => k.peer);
  }

  close(): void {
    clearInterval(this.timer);
    this.stopObserving();
    for (const tab of this.local.values()) {
      tab.state.cancel();
      tab.cursor.cancel();
    }
  }

  /** Another instance's news: a peer there changed or left. */
  private heard(projectId: string, message: RealtimeMessage) {
    if (message.type === "presence-peer") this.remember(projectId, message.peer);
    else if (message.type === "presence-leave") this.forget(projectId, message.connectionId);
  }

  /** Re-announces this instance's tabs to the others, and lets go of the others' tabs not heard of lately. */
  private refresh(announce: boolean) {
    for (const tab of announce ? this.local.values() : []) {
      this.remember(tab.projectId, tab.peer);
      void this.hub.publish(tab.projectId, { type: "presence-peer", peer: tab.peer });
    }
    const cutoff = this.now() - PRESENCE_STALE_MS;
    for (const [projectId, peers] of this.projects) {
      for (const [connectionId, known] of peers) {
        if (this.local.has(connectionId) || known.seenAt >= cutoff) continue;
        this.forget(projectId, connectionId);
        // Every instance decides this for itself, so the leave is not relayed.
        this.hub.deliver(projectId, { type: "presence-leave", connectionId });
      }
    }
  }

  private remember(projectId: string, peer: PresencePeer) {
    let peers = this.projects.get(projectId);
    if (!peers) this.projects.set(projectId, (peers = new Map()));
    peers.set(peer.connectionId, { peer, seenAt: this.now() });
  }

  private forget(projectId: string, connectionId: string) {
    const peers = this.projects.get(projectId);
    peers?.delete(connectionId);
    if (peers?.size === 0) this.projects.delete(projectId);
  }
}
