/**
 * Every provider the studio can run models on, and every fact about it the server and the app need: the
 * name shown, how a user connects it (a key, a server address, or nothing for the offline engine), the
 * environment variables an operator sets, its logo mark and where to get a key. The tables elsewhere
 * (labels, keyed providers, key env names, base-URL overrides, logo marks, Settings help) derive from this.
 *
 * Adding a provider: add its entry here and its engine under `server/generation/hosted/` (listed in that
 * folder's `index.ts`); `providerRegistry.test.ts` fails until both exist.
 */

export interface ProviderHelp {
  /** One or two sentences; `link` is named in them. */
  text: string;
  link?: { href: string; label: string };
  placeholder: string;
}

export interface ProviderFacts {
  /** Shown next to the provider's logo; also matched by the model picker search. */
  label: string;
  /** What a user saves in Settings: a secret key, the address of their own server, or nothing (offline). */
  connectsWith: "key" | "address" | "none";
  /** The environment variable with the platform's key (or address, for self-hosted engines). */
  keyEnv?: string;
  /** An optional environment override of the API's base URL (proxies, fake servers in tests). */
  baseUrlEnv?: string;
  /** A small coloured badge with the provider's initial: the studio ships no third-party logos. */
  mark?: { text: string; className: string };
  help?: ProviderHelp;
}

const NO_CREDITS = "Runs on your own key cost no credits: the provider bills you directly.";

export const PROVIDER_REGISTRY = {
  fal: {
    label: "fal.ai",
    connectsWith: "key",
    keyEnv: "FAL_KEY",
    baseUrlEnv: "FAL_BASE_URL",
    mark: { text: "f", className: "bg-[#6d3df5] text-white" },
    help: {
      text: `Create a key in your fal dashboard under Keys. ${NO_CREDITS}`,
      link: { href: "https://fal.ai/dashboard/keys", label: "fal.ai/dashboard/keys" },
      placeholder: "Paste your fal key",
    },
  },
  openai: {
    label: "OpenAI",
    connectsWith: "key",
    keyEnv: "OPENAI_API_KEY",
    baseUrlEnv: "OPENAI_BASE_URL",
    mark: { text: "O", className: "bg-[#10a37f] text-white" },
    help: {
      text: `Create a secret key on the OpenAI platform under API keys. ${NO_CREDITS}`,
      link: { href: "https://platform.openai.com/api-keys", label: "platform.openai.com/api-keys" },
      placeholder: "sk-…",
    },
  },
  google: {
    label: "Google Gemini API",
    connectsWith: "key",
    keyEnv: "GEMINI_API_KEY",
    baseUrlEnv: "GEMINI_BASE_URL",
    mark: { text: "G", className: "bg-[#4285f4] text-white" },
    help: {
      text: `Get a Gemini API key in Google AI Studio; it covers Gemini, Imagen and Veo. ${NO_CREDITS}`,
      link: { href: "https://aistudio.google.com/apikey", label: "aistudio.google.com/apikey" },
      placeholder: "AIza…",
    },
  },
  runway: {
    label: "Runway",
    connectsWith: "key",
    keyEnv: "RUNWAYML_API_SECRET",
    baseUrlEnv: "RUNWAY_BASE_URL",
    mark: { text: "R", className: "bg-[#f2f2f2] text-[#111]" },
    help: {
      text: `Create an API key in the Runway developer portal. ${NO_CREDITS}`,
      link: { href: "https://dev.runwayml.com/", label: "dev.runwayml.com" },
      placeholder: "Paste your Runway API secret",
    },
  },
  elevenlabs: {
    label: "ElevenLabs",
    connectsWith: "key",
    keyEnv: "ELEVENLABS_API_KEY",
    baseUrlEnv: "ELEVENLABS_BASE_URL",
    mark: { text: "11", className: "bg-[#2b2b2b] text-white ring-1 ring-inset ring-white/20" },
    help: {
      text: `Create an API key in your ElevenLabs settings under API Keys. ${NO_CREDITS}`,
      link: { href: "https://elevenlabs.io/app/settings/api-keys", label: "elevenlabs.io/app/settings/api-keys" },
      placeholder: "Paste your ElevenLabs key",
    },
  },
  replicate: {
    label: "Replicate",
    connectsWith: "key",
    keyEnv: "REPLICATE_API_TOKEN",
    baseUrlEnv: "REPLICATE_BASE_URL",
    mark: { text: "Rp", className: "bg-[#e0583a] text-white" },
    help: {
      text: `Create an API token in your Replicate account settings. ${NO_CREDITS}`,
      link: { href: "https://replicate.com/account/api-tokens", label: "replicate.com/account/api-tokens" },
      placeholder: "r8_…",
    },
  },
  comfyui: {
    label: "ComfyUI (self-hosted)",
    connectsWith: "address",
    // Self-hosted engines are reached by address: the variable holds it, and it is also the base URL.
    keyEnv: "COMFYUI_URL",
    mark: { text: "C", className: "bg-[#f0c43c] text-[#1b1204]" },
    help: {
      text:
        "The public address of your own ComfyUI server (started with --listen). Private and local network " +
        "addresses are refused. Runs on your own server cost no credits.",
      placeholder: "https://gpu.example.com:8188",
    },
  },
  ollama: {
    label: "Ollama / OpenAI-compatible",
    connectsWith: "address",
    keyEnv: "OLLAMA_URL",
    mark: { text: "Ol", className: "bg-[#e6e8ee] text-[#0b0c10]" },
    help: {
      text:
        "The public address of your Ollama server or any OpenAI-compatible server. Private and local network " +
        "addresses are refused. Runs on your own server cost no credits.",
      placeholder: "https://llm.example.com:11434",
    },
  },
  // The offline engine: always usable, nothing to connect.
  local: { label: "Local (offline)", connectsWith: "none" },
} as const satisfies Record<string, ProviderFacts>;

type Registry = typeof PROVIDER_REGISTRY;
export type Provider = keyof Registry;
/** Providers a user connects in Settings, with a key or a server address. */
export type KeyedProvider = { [P in Provider]: Registry[P]["connectsWith"] extends "none" ? never : P }[Provider];

const entries = Object.entries(PROVIDER_REGISTRY) as [Provider, ProviderFacts][];

/** In the registry's order, which is the order Settings and the model picker show them in. */
export const PROVIDERS = entries.map(([id]) => id) as [Provider, ...Provider[]];
export const KEYED_PROVIDERS = entries.filter(([, p]) => p.connectsWith !== "none").map(([id]) => id) as [
  KeyedProvider,
  ...KeyedProvider[],
];
/** ComfyUI and Ollama take a server address in place of a key. */
export const ADDRESS_PROVIDERS: readonly Provider[] = entries.filter(([, p]) => p.connectsWith === "address").map(([id]) => id);

const table = <V>(pick: (p: ProviderFacts) => V | undefined) =>
  Object.fromEntries(entries.flatMap(([id, p]) => (pick(p) === undefined ? [] : [[id, pick(p) as V]])));

export const PROVIDER_LABELS = table((p) => p.label) as Readonly<Record<Provider, string>>;
/** The environment variable that sets a platform key (or, for self-hosted engines, the server's address). */
export const PROVIDER_ENV = table((p) => p.keyEnv) as Readonly<Record<KeyedProvider, string>>;
export const PROVIDER_BASE_URL_ENV = table((p) => p.baseUrlEnv) as Readonly<Partial<Record<KeyedProvider, string>>>;
export const PROVIDER_MARKS = table((p) => p.mark) as Readonly<Partial<Record<Provider, { text: string; className: string }>>>;
export const PROVIDER_HELP = table((p) => p.help) as Readonly<Record<KeyedProvider, ProviderHelp>>;
