import type { CanvasData } from "../canvasClient";

/** Reads that overtaking writes or live messages may have made stale are taken again this many times. */
const READS_BEFORE_TAKING_WITH_HEARD = 4;
/** Waits between failed reads while the channel stays up (it going down starts a new catch-up anyway). */
export const CATCH_UP_RETRY_MS = [1000, 2000, 4000, 8000, 15000] as const;

export interface CatchUpEnv {
  client: {
    syncMark(): number;
    resync(data: Pick<CanvasData, "nodes" | "edges">, mark?: number): boolean;
  };
  /** GET the canvas as the server has it now. */
  read(): Promise<Pick<CanvasData, "nodes" | "edges" | "groups">>;
  /** False once a newer `ready` (or the page closing) made this catch-up moot: it stops without reading. */
  current(): boolean;
  /** Waits before retrying a failed read (tests pass a clock). */
  wait?(ms: number): Promise<void>;
  /** A read failed or could not be taken; the catch-up goes on while it is current. */
  onError?(err: unknown): void;
}

/**
 * After the live channel is ready (the first time too), the canvas is read again, since what was published
 * while the tab was not listening was missed (docs/ARCHITECTURE.md "Two people, one node"). A read that a
 * write's answer or a live message overtook is read again, and the last is taken with what was heard put over
 * it (canvasClient.resync). A read that fails while the channel stays up is tried again after a wait: given
 * up, the tab would keep whatever it missed until the next reconnect, which may never come (fuzz seed 23:
 * one tab kept 46 pasted nodes as empty placeholders while the studio had their data). Resolves true once a
 * read is taken, false when a newer catch-up took over.
 */
export async function catchUp(env: CatchUpEnv): Promise<boolean> {
  const wait = env.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let failures = 0;
  for (let attempt = 1; env.current(); ) {
    const mark = env.client.syncMark();
    try {
      const fresh = await env.read();
      if (!env.current()) return false;
      if (env.client.resync(fresh, attempt < READS_BEFORE_TAKING_WITH_HEARD ? mark : undefined)) return true;
      attempt += 1;
    } catch (err) {
      env.onError?.(err);
      await wait(CATCH_UP_RETRY_MS[Math.min(failures, CATCH_UP_RETRY_MS.length - 1)]!);
      failures += 1;
    }
  }
  return false;
}
