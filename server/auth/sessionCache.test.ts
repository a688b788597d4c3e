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

  it("keys a request by its bearer token and cookies; without either there is nothing to cache", () => {
    const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    expect(SessionCache.keyOf(req({}))).toBeNull();
    expect(SessionCache.keyOf(req({ authorization: "Bearer x" }))).not.toBe(SessionCache.keyOf(req({ authorization: "Bearer y" })));
    expect(SessionCache.keyOf(req({ cookie: "a=1" }))).not.toBe(SessionCache.keyOf(req({ authorization: "a=1" })));
  });
});
