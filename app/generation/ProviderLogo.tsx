import { Cpu } from "lucide-react";
import type { Provider } from "../../domain/generation/modelTypes";
import { cn } from "../ui";

/**
 * Each provider's mark: a small coloured badge with its initial (we ship no third-party logos). The
 * offline local engine gets a chip icon. Decorative: the provider's name is always written next to it.
 */
const MARKS: Readonly<Record<Exclude<Provider, "local">, { mark: string; className: string }>> = {
  fal: { mark: "f", className: "bg-[#6d3df5] text-white" },
  openai: { mark: "O", className: "bg-[#10a37f] text-white" },
  google: { mark: "G", className: "bg-[#4285f4] text-white" },
  runway: { mark: "R", className: "bg-[#f2f2f2] text-[#111]" },
  elevenlabs: { mark: "11", className: "bg-[#2b2b2b] text-white ring-1 ring-inset ring-white/20" },
  replicate: { mark: "Rp", className: "bg-[#e0583a] text-white" },
  comfyui: { mark: "C", className: "bg-[#f0c43c] text-[#1b1204]" },
  ollama: { mark: "Ol", className: "bg-[#e6e8ee] text-[#0b0c10]" },
};

export function ProviderLogo({ provider, size = 32, className }: { provider: Provider; size?: number; className?: string }) {
  const box = "inline-flex shrink-0 select-none items-center justify-center rounded-md font-semibold leading-none";
  if (provider === "local") {
    return (
      <span aria-hidden="true" data-provider="local" style={{ width: size, height: size }} className={cn(box, "bg-accent-soft text-accent", className)}>
        <Cpu style={{ width: size * 0.55, height: size * 0.55 }} />
      </span>
    );
  }
  const { mark, className: colours } = MARKS[provider];
  return (
    <span
      aria-hidden="true"
      data-provider={provider}
      style={{ width: size, height: size, fontSize: Math.round(size * (mark.length > 1 ? 0.38 : 0.48)) }}
      className={cn(box, colours, className)}
    >
      {mark}
    </span>
  );
}
