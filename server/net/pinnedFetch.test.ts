/** pinnedFetch: a fetch that reaches a user-named server only on the addresses the policy allows. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedFetch, RefusedAddressError } from "./pinnedFetch";

let server: http.Server;
let port = 0;
let connections = 0;
const received: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method, type: req.headers["content-type"], body: Buffer.concat(chunks).toString() });
      res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json", "x-echo": "yes" });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const anyAddress = () => true;

describe("pinnedFetch", () => {
  it("behaves like fetch where the address is allowed: status, headers, JSON and form bodies", async () => {
    const f = pinnedFetch(anyAddress);
    const res = await f(`http://127.0.0.1:${port}/prompt`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-echo")).toBe("yes");
    expect(await res.json()).toEqual({ ok: true, path: "/prompt" });
    expect(received.at(-1)).toMatchObject({ method: "POST", body: '{"a":1}' });

    const form = new FormData();
    form.append("image", new Blob([Buffer.from("PNGDATA")], { type: "image/png" }), "in.png");
    await f(`http://127.0.0.1:${port}/upload/image`, { method: "POST", body: form });
    expect(received.at(-1)!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.at(-1)!.body).toContain("PNGDATA");

    expect((await f(`http://127.0.0.1:${port}/missing`)).status).toBe(404);
  });

  it("refuses loopback by literal, by 'localhost' and by a name that resolves there, before any connection", async () => {
    const f = pinnedFetch(); // the public-address policy
    const before = connections;
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      `http://localhost:${port}/x`,
      `http://[::ffff:7f00:1]:${port}/x`,
      `http://2130706433:${port}/x`,
    ]) {
      const err = await f(url).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, url).not.toBeNull();
      const refused = err instanceof RefusedAddressError || (err as { cause?: unknown }).cause instanceof RefusedAddressError;
      expect(refused, `${url}: ${String(err)}`).toBe(true);
    }
    expect(connections).toBe(before);
  });
});
