import { describe, expect, it } from "vitest";
import type { FastifyRequest } from "fastify";
import { SessionCache } from "./sessionCache";

const ann = { id: "u1", email: "ann@example.com", name: "Ann" };
const bo = { id: "u2", email: "bo@example.com", name: "Bo" };

describe("SessionCache", () => {
  it("keeps a signed-in answer for its time and no longer", () => {
    let now = 1_000;
    const cache = new SessionCache(5_000, () => now);
    cache.set("token-a", ann);
    expect(cache.get("token-a")).toEqual(ann);
    now += 4_999;
    expect(cache.get("token-a")).toEqual(ann);
    now += 1;
    expect(cache.get("token-a")).toBeNull();
    expect(cache.get("never-seen")).toBeNull();
  });

  it("forgets every entry of one user and only theirs", () => {
    const cache = new SessionCache();
    cache.set("a-phone", ann);
    cache.set("a-laptop", ann);
    cache.set("b", bo);
    cache.forgetUser("u1");
    expect(cache.get("a-phone")).toBeNull();
    expect(cache.get("a-laptop")).toBeNull();
    expect(cache.get("b")).toEqual(bo);
  });

  it("shares one lookup among the requests waiting for the same credentials", async () => {
    const cache = new SessionCache();
    let lookups = 0;
    let answer!: (u: typeof ann | null) => void;
    const load = () => {
      lookups += 1;
      return new Promise<typeof ann | null>((resolve) => (answer = resolve));
    };
    const burst = Array.from({ length: 20 }, () => cache.resolve("token-a", load));
    answer(ann);
    expect(await Promise.all(burst)).toEqual(Array(20).fill(ann));
    expect(lookups).toBe(1);
    expect(await cache.resolve("token-a", load)).toEqual(ann); // from the entry
    expect(lookups).toBe(1);
  });

  it("looks up again in the background in an entry's last second, answering from the entry meanwhile", async () => {
    let now = 0;
    const cache = new SessionCache(5_000, () => now);
    let lookups = 0;
    let current: typeof ann | null = ann;
    const load = async () => {
      lookups += 1;
      return current;
    };
    await cache.resolve("token-a", load);
    now = 3_900; // not yet in the last second
    await cache.resolve("token-a", load);
    expect(lookups).toBe(1);
    now = 4_200;
    current = { ...ann, name: "Ann Renamed" };
    expect(await cache.resolve("token-a", load)).toEqual(ann); // the entry answers, a lookup starts
    expect(lookups).toBe(2);
    await Promise.resolve();
    now = 8_000; // past the first entry's end, within the refreshed one's
    expect(await cache.resolve("token-a", load)).toEqual({ ...ann, name: "Ann Renamed" });
    expect(lookups).toBe(2);
    now = 8_500; // last second of the refreshed entry: the session has ended meanwhile
    current = null;
    expect(await cache.resolve("token-a", load)).toEqual({ ...ann, name: "Ann Renamed" });
    await Promise.resolve();
    expect(await cache.resolve("token-a", load)).toBeNull(); // the background lookup dropped the entry
  });

  it("does not keep an answer looked up before the user's sessions were forgotten", async () => {
    const cache = new SessionCache();
    let answer!: (u: typeof ann | null) => void;
    const pending = cache.resolve("token-a", () => new Promise((resolve) => (answer = resolve)));
    cache.forgetUser(ann.id); // e.g. a sign-out while the lookup was under way
    answer(ann);
    await pending;
    expect(cache.get("token-a")).toBeNull();
  });

  it("keys a request by its bearer token and cookies; without either there is nothing to cache", () => {
    const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    expect(SessionCache.keyOf(req({}))).toBeNull();
    expect(SessionCache.keyOf(req({ authorization: "Bearer x" }))).not.toBe(SessionCache.keyOf(req({ authorization: "Bearer y" })));
    expect(SessionCache.keyOf(req({ cookie: "a=1" }))).not.toBe(SessionCache.keyOf(req({ authorization: "a=1" })));
  });
});
