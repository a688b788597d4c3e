import { Cpu } from "lucide-react";
import { PROVIDER_MARKS, type Provider } from "../../domain/providers/registry";
import { cn } from "../ui";

/**
 * Each provider's mark (from the provider registry): a small coloured badge with its initial (we ship no third-party logos). The
 * offline local engine gets a chip icon. Decorative: the provider's name is always written next to it.
 */
export function ProviderLogo({ provider, size = 32, className }: { provider: Provider; size?: number; className?: string }) {
  const box = "inline-flex shrink-0 select-none items-center justify-center rounded-md font-semibold leading-none";
  if (provider === "local") {
    return (
      <span
        aria-hidden="true"
        data-provider="local"
        style={{ width: size, height: size }}
        className={cn(box, "bg-accent-soft text-accent", className)}
      >
        <Cpu style={{ width: size * 0.55, height: size * 0.55 }} />
      </span>
    );
  }
  const { text: mark, className: colours } = PROVIDER_MARKS[provider] ?? {
    text: provider.slice(0, 1).toUpperCase(),
    className: "bg-surface-3 text-text",
  };
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
