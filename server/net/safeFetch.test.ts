import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isPublicAddress } from "./addressPolicy";
import { SafeFetchError, safeFetch, type SafeFetchOptions } from "./safeFetch";

/**
 * Two loopback servers: "the internet" on 127.0.0.2 (allowed through the test-only allowAddress) and a
 * canary on 127.0.0.1 that must never see a connection from a refused fetch.
 */
const INTERNET_IP = "127.0.0.2";
let canary: http.Server;
let canaryConnections = 0;
let canaryPort = 0;
let internet: http.Server;
let internetPort = 0;
let lastHostHeader = "";
const open = new Set<http.ServerResponse>();

const listen = (server: http.Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  canary = http.createServer((_req, res) => res.end("canary"));
  canary.on("connection", () => canaryConnections++);
  canaryPort = await listen(canary, "127.0.0.1");

  internet = http.createServer((req, res) => {
    lastHostHeader = req.headers.host ?? "";
    const redirect = (to: string) => res.writeHead(302, { location: to }).end();
    switch (req.url) {
      case "/ok":
        return res.writeHead(200, { "content-type": "text/plain" }).end(`hello; cookie=${req.headers.cookie ?? "none"}`);
      case "/to-internal":
        return redirect(`http://127.0.0.1:${canaryPort}/`);
      case "/to-mapped":
        return redirect(`http://[::ffff:7f00:1]:${canaryPort}/`);
      case "/relative":
        return redirect("/ok");
      case "/loop":
        return redirect("/loop");
      case "/endless": {
        open.add(res);
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const chunk = Buffer.alloc(16 * 1024);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        return pump();
      }
      case "/declared-huge":
        return res.writeHead(200, { "content-length": String(10 * 1024 * 1024) }).end();
      case "/slow":
        open.add(res); // never answers
        return;
      default:
        return res.writeHead(404).end("nope");
    }
  });
  internetPort = await listen(internet, INTERNET_IP);
});

afterAll(async () => {
  open.forEach((res) => res.destroy());
  await new Promise((r) => internet.close(r));
  await new Promise((r) => canary.close(r));
});

beforeEach(() => {
  canaryConnections = 0;
});

const asInternet: SafeFetchOptions = { allowAddress: (ip) => ip === INTERNET_IP };
const site = (path: string) => `http://${INTERNET_IP}:${internetPort}${path}`;

async function expectRefusal(promise: Promise<unknown>, status: number, message?: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  expect((err as SafeFetchError).status).toBe(status);
  if (message) expect((err as SafeFetchError).message).toMatch(message);
}

describe("the strict address policy", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "192.0.2.1",
    "::",
    "::1",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:7f00:1",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "::ffff:0:7f00:1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
    "2001::1",
    "2001:db8::1",
    "not an ip",
    "",
  ])("refuses %s", (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:808:808",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows the public address %s", (ip) => expect(isPublicAddress(ip)).toBe(true));
});

describe("safeFetch refuses internal targets before connecting", () => {
  it.each([
    `http://127.0.0.1:PORT/`,
    `http://2130706433:PORT/`,
    `http://0x7f.1:PORT/`,
    `http://0177.0.0.1:PORT/`,
    `http://127.1:PORT/`,
    `http://[::ffff:7f00:1]:PORT/`,
    `http://[::ffff:127.0.0.1]:PORT/`,
    `http://[::1]:PORT/`,
    `http://localhost:PORT/`,
    `http://LOCALHOST.:PORT/`,
    `http://app.localhost:PORT/`,
    `http://0.0.0.0:PORT/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[fe80::1]/`,
    `http://100.64.0.1/`,
  ])("%s → 400, quickly", async (template) => {
    const started = Date.now();
    await expectRefusal(safeFetch(template.replace("PORT", String(canaryPort))), 400, /private or internal address/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(canaryConnections).toBe(0);
  });

  it("refuses a name that resolves to loopback, and a name with ANY private address", async () => {
    const toLoopback = { resolve: async () => [{ address: "127.0.0.1", family: 4 }] };
    await expectRefusal(safeFetch(`http://evil.example:${canaryPort}/`, toLoopback), 400);
    const mixed = {
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
    };
    await expectRefusal(safeFetch(`http://mixed.example:${canaryPort}/`, mixed), 400);
    expect(canaryConnections).toBe(0);
  });

  it("refuses other schemes and embedded credentials", async () => {
    await expectRefusal(safeFetch("file:///etc/passwd"), 400, /Only http and https/);
    await expectRefusal(safeFetch("ftp://example.com/a"), 400, /Only http and https/);
    await expectRefusal(safeFetch("http://user:pass@example.com/"), 400, /user name or password/);
    await expectRefusal(safeFetch("not a url"), 400, /valid http or https URL/);
  });
});

describe("safeFetch against an allowed server", () => {
  it("returns status, content type and body, and sends no cookies", async () => {
    const res = await safeFetch(site("/ok"), asInternet);
    expect(res).toMatchObject({ status: 200, contentType: "text/plain" });
    expect(res.body.toString()).toBe("hello; cookie=none");
  });

  it("follows a relative redirect", async () => {
    const res = await safeFetch(site("/relative"), asInternet);
    expect(res.body.toString()).toMatch(/^hello/);
    expect(res.url).toBe(site("/ok"));
  });

  it("re-checks every redirect hop: a 302 to an internal address is refused", async () => {
    await expectRefusal(safeFetch(site("/to-internal"), asInternet), 400);
    await expectRefusal(safeFetch(site("/to-mapped"), asInternet), 400);
    expect(canaryConnections).toBe(0);
  });

  it("gives up after 3 redirects", async () => {
    await expectRefusal(safeFetch(site("/loop"), asInternet), 502, /redirected too many times/);
  });

  it("connects to the address it checked, so a rebinding DNS answer cannot redirect the connection", async () => {
    const answers = [INTERNET_IP, "127.0.0.1"];
    let calls = 0;
    const rebinding = { ...asInternet, resolve: async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }] };
    const res = await safeFetch(`http://rebind.example:${internetPort}/ok`, rebinding);
    expect(res.status).toBe(200);
    expect(calls).toBe(1); // resolved once, then pinned
    expect(lastHostHeader).toBe(`rebind.example:${internetPort}`); // the name still goes in Host
    expect(canaryConnections).toBe(0);
  });

  it("aborts an endless body at the byte cap with 413", async () => {
    await expectRefusal(safeFetch(site("/endless"), { ...asInternet, maxBytes: 256 * 1024 }), 413, /larger than/);
  });

  it("refuses a declared Content-Length over the cap without reading it", async () => {
    await expectRefusal(safeFetch(site("/declared-huge"), { ...asInternet, maxBytes: 1024 * 1024 }), 413);
  });

  it("times out a server that never answers with 504", async () => {
    const started = Date.now();
    await expectRefusal(safeFetch(site("/slow"), { ...asInternet, timeoutMs: 300 }), 504, /took too long/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports a closed port as an upstream failure (502)", async () => {
    const closed = http.createServer();
    const port = await listen(closed, INTERNET_IP);
    await new Promise((r) => closed.close(r));
    await expectRefusal(safeFetch(`http://${INTERNET_IP}:${port}/`, asInternet), 502);
  });
});
