import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import { isPublicAddress } from "../net/addressPolicy";
import { badRequest } from "../errors";
import type { ResolvedAddress } from "../net/safeFetch";

/**
 * A ComfyUI or Ollama address a user typed in Settings. The studio will connect to it on the user's behalf,
 * so the SSRF rules of server/net (addressPolicy, as safeFetch applies them) hold: http(s) only, no
 * credentials in the URL, and the host must name public addresses only, every one of them. Addresses the
 * operator configures (COMFYUI_URL, OLLAMA_URL) are trusted and never pass through here.
 */

export interface AddressCheckOptions {
  /** FOR TESTS ONLY: replaces DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const DNS_TIMEOUT_MS = 5_000;

const defaultResolve = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

/** Validates and normalises (no trailing slash, so engines can append paths) a user's server address. */
export async function checkUserAddress(
  raw: string,
  providerLabel: string,
  envName: string,
  opts: AddressCheckOptions = {},
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`Enter your ${providerLabel} server's address as an http or https URL, like https://gpu.example.com:8188`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw badRequest(`Enter your ${providerLabel} server's address as an http or https URL, like https://gpu.example.com:8188`);
  }
  if (url.username || url.password) throw badRequest("Leave the user name and password out of the server address");
  if (url.search || url.hash) throw badRequest("Enter the server address without a query (?…) or fragment (#…)");

  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  const internal = () =>
    badRequest(
      `This address points to a private or internal network, which the studio does not connect to for users. ` +
        `Use a public address, or ask the studio's administrator to set ${envName}.`,
    );
  if (!host) throw badRequest(`Enter your ${providerLabel} server's address as an http or https URL, like https://gpu.example.com:8188`);
  if (host === "localhost" || host.endsWith(".localhost")) throw internal();
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw internal();
  } else {
    const addresses = await lookup(host, opts.resolve ?? defaultResolve);
    if (addresses.some((a) => !isPublicAddress(a.address))) throw internal();
  }
  return url.toString().replace(/\/+$/, "");
}

async function lookup(host: string, resolve: (hostname: string) => Promise<ResolvedAddress[]>): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const notFound = () => badRequest(`Could not find the server "${host}". Check the address.`);
  try {
    const addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(notFound()), DNS_TIMEOUT_MS);
      }),
    ]);
    if (addresses.length === 0) throw notFound();
    return addresses;
  } catch {
    throw notFound();
  } finally {
    clearTimeout(timer);
  }
}
