import type { KeyedProvider } from "../../domain/generation/api";

/**
 * What the Settings page says about each provider: where a key comes from, and what to type. Runs on a
 * user's own key cost no credits (Generation issue, "Keys"); each help text says so.
 */
export interface ProviderHelp {
  /** One or two sentences; `link` is named in them. */
  text: string;
  link?: { href: string; label: string };
  placeholder: string;
}

const NO_CREDITS = "Runs on your own key cost no credits: the provider bills you directly.";

export const PROVIDER_HELP: Readonly<Record<KeyedProvider, ProviderHelp>> = {
  fal: {
    text: `Create a key in your fal dashboard under Keys. ${NO_CREDITS}`,
    link: { href: "https://fal.ai/dashboard/keys", label: "fal.ai/dashboard/keys" },
    placeholder: "Paste your fal key",
  },
  openai: {
    text: `Create a secret key on the OpenAI platform under API keys. ${NO_CREDITS}`,
    link: { href: "https://platform.openai.com/api-keys", label: "platform.openai.com/api-keys" },
    placeholder: "sk-…",
  },
  google: {
    text: `Get a Gemini API key in Google AI Studio; it covers Gemini, Imagen and Veo. ${NO_CREDITS}`,
    link: { href: "https://aistudio.google.com/apikey", label: "aistudio.google.com/apikey" },
    placeholder: "AIza…",
  },
  runway: {
    text: `Create an API key in the Runway developer portal. ${NO_CREDITS}`,
    link: { href: "https://dev.runwayml.com/", label: "dev.runwayml.com" },
    placeholder: "Paste your Runway API secret",
  },
  elevenlabs: {
    text: `Create an API key in your ElevenLabs settings under API Keys. ${NO_CREDITS}`,
    link: { href: "https://elevenlabs.io/app/settings/api-keys", label: "elevenlabs.io/app/settings/api-keys" },
    placeholder: "Paste your ElevenLabs key",
  },
  replicate: {
    text: `Create an API token in your Replicate account settings. ${NO_CREDITS}`,
    link: { href: "https://replicate.com/account/api-tokens", label: "replicate.com/account/api-tokens" },
    placeholder: "r8_…",
  },
  comfyui: {
    text:
      "The public address of your own ComfyUI server (started with --listen). Private and local network " +
      "addresses are refused. Runs on your own server cost no credits.",
    placeholder: "https://gpu.example.com:8188",
  },
  ollama: {
    text:
      "The public address of your Ollama server or any OpenAI-compatible server. Private and local network " +
      "addresses are refused. Runs on your own server cost no credits.",
    placeholder: "https://llm.example.com:11434",
  },
};
