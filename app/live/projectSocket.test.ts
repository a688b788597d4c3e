import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openProjectSocket } from "./projectSocket";

/** The browser's WebSocket, as far as the helper uses it: the test opens, feeds and drops each one. */
class TestSocket {
  static made: TestSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    TestSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close() {
    if (this.readyState !== 3) this.drop(1000); // closing a closed socket does nothing, as in browsers
  }
}

const latest = () => TestSocket.made.at(-1)!;

beforeEach(() => {
  TestSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", TestSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("openProjectSocket", () => {
  it("opens the project's live address and says which sockets replace an earlier one", () => {
    const seen: string[] = [];
    const live = openProjectSocket("p1", {
      opened: (_s, again) => seen.push(`open ${again}`),
      message: (d, again) => seen.push(`${d} ${again}`),
    });
    expect(latest().url).toMatch(/^ws:\/\/[^/]+\/api\/projects\/p1\/live$/);
    latest().open();
    latest().receive("hello");
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().open();
    latest().receive("again");
    expect(seen).toEqual(["open false", "hello false", "open true", "again true"]);
    live.close();
  });

  it("waits 1 s, 2 s, 4 s … up to 30 s between tries, and 1 s again once the connection proved healthy", () => {
    const live = openProjectSocket("p1", { message: () => {} });
    const waitBeforeNext = () => {
      const before = TestSocket.made.length;
      latest().drop();
      let waited = 0;
      while (TestSocket.made.length === before) {
        vi.advanceTimersByTime(250);
        waited += 250;
      }
      return waited;
    };
    expect([
      waitBeforeNext(),
      waitBeforeNext(),
      waitBeforeNext(),
      waitBeforeNext(),
      waitBeforeNext(),
      waitBeforeNext(),
      waitBeforeNext(),
    ]).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    live.healthy();
    expect(waitBeforeNext()).toBe(1000);
    live.close();
  });

  it("stops for good when the server refuses the caller, or when closed", () => {
    for (const code of [4401, 4403, 4404]) {
      TestSocket.made = [];
      openProjectSocket("p1", { message: () => {} });
      latest().drop(code);
      vi.advanceTimersByTime(60_000);
      expect(TestSocket.made).toHaveLength(1);
    }
    TestSocket.made = [];
    const closedOnes: unknown[] = [];
    const live = openProjectSocket("p1", { message: () => {}, closed: (s) => closedOnes.push(s) });
    latest().drop();
    live.close(); // while waiting to reconnect
    vi.advanceTimersByTime(60_000);
    expect(TestSocket.made).toHaveLength(1);
    expect(closedOnes).toEqual([TestSocket.made[0]]);
    expect(live.current()).toBeNull();
  });
});
