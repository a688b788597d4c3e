import { useState } from "react";
import { FileText, KeyRound, Clapperboard } from "lucide-react";
import { useInterval } from "../lib/useInterval";
import { cn } from "../ui";

export const PROMO_INTERVAL_MS = 5000;

const CARDS = [
  { icon: KeyRound, title: "Bring your own keys", body: "Runs on your own provider keys cost no credits." },
  { icon: FileText, title: "Scripts travel", body: "Import Final Draft and Fountain; export FDX, Fountain and PDF." },
  { icon: Clapperboard, title: "Shots to canvas", body: "Send any planned shot to the canvas and generate from it." },
];

/** Three promo cards rotating every 5 s (spec: shell 2). The parent hides it when the sidebar collapses. */
export function PromoCarousel() {
  const [index, setIndex] = useState(0);
  useInterval(() => setIndex((i) => (i + 1) % CARDS.length), PROMO_INTERVAL_MS);
  const card = CARDS[index]!;
  const Icon = card.icon;
  return (
    <section aria-label="Tips" className="rounded-lg border border-border bg-surface-2 p-3" data-testid="promo-carousel">
      <div key={index} className="animate-[fade-in_300ms_ease-out]">
        <Icon className="mb-2 size-4 text-accent" aria-hidden />
        <p className="text-sm font-medium text-text" data-testid="promo-title">
          {card.title}
        </p>
        <p className="mt-1 text-xs text-text-muted">{card.body}</p>
      </div>
      <div className="mt-3 flex gap-1.5" role="tablist" aria-label="Choose tip">
        {CARDS.map((c, i) => (
          <button
            key={c.title}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-label={c.title}
            onClick={() => setIndex(i)}
            className={cn("h-1.5 rounded-full transition-all", i === index ? "w-5 bg-accent" : "w-1.5 bg-border hover:bg-text-muted")}
          />
        ))}
      </div>
    </section>
  );
}
