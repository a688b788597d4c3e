import { Link } from "react-router";
import { ArrowRight, Check, X } from "lucide-react";
import { Logo } from "../ui";
import { formatUsd } from "../pricing/plans";
import { LOWEST_PLAN_USD } from "./content";

export function SavingsBand() {
  const pile = ["Screenwriting app", "Shot list & storyboard tool", "Image generator", "Video generator"];
  return (
    <section aria-labelledby="savings-title" className="mx-auto max-w-6xl px-4 sm:px-8">
      <div className="relative overflow-hidden rounded-3xl border border-border bg-surface">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(60%_80%_at_100%_0%,rgb(47_211_168/0.10),transparent),radial-gradient(50%_70%_at_0%_100%,rgb(245_165_36/0.10),transparent)]"
        />
        <div className="relative grid gap-10 p-6 sm:p-10 lg:grid-cols-2 lg:gap-14 lg:p-14">
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-teal">Savings</p>
            <h2 id="savings-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Cancel the subscription pile.
            </h2>
            <p className="mt-4 text-base leading-relaxed text-text-muted">
              A writing app, a shot-list tool and separate image and video generators each send their own bill, and most of those credits go
              unused. Reelgraph puts the whole pipeline under one roof and charges only for what you generate.
            </p>
            <dl className="mt-8 grid grid-cols-3 gap-4">
              <Stat value="1" label="workspace for script, shots and generation" />
              <Stat value="0" label="credits used when you run on your own API keys" />
              <Stat value={formatUsd(LOWEST_PLAN_USD)} label="a month for the Indie plan, or pay as you go" />
            </dl>
            <Link
              to="/pricing"
              className="mt-8 inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-accent hover:text-accent-hover"
            >
              Compare plans and credit packs
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>

          <div aria-hidden="true" className="flex flex-col justify-center gap-3">
            {pile.map((tool) => (
              <div
                key={tool}
                className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface-2/70 px-4 py-3 text-sm"
              >
                <span className="text-text-muted line-through decoration-danger/70">{tool}</span>
                <span className="inline-flex shrink-0 items-center gap-1.5 text-xs text-text-subtle">
                  <span className="hidden sm:inline">separate subscription</span>
                  <X className="size-3.5 text-danger" />
                </span>
              </div>
            ))}
            <div className="mt-1 flex items-center justify-between gap-3 rounded-xl border border-accent/50 bg-accent-soft px-4 py-3.5 shadow-glow">
              <span className="flex items-center gap-2.5 text-sm font-semibold">
                <Logo size={22} />
                Reelgraph
              </span>
              <span className="inline-flex items-center gap-1.5 text-xs font-medium text-text">
                one workspace
                <Check className="size-3.5 text-success" />
              </span>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="order-2 text-xs leading-snug text-text-muted">{label}</dt>
      <dd className="order-1 text-3xl font-bold tracking-tight text-text tabular-nums">{value}</dd>
    </div>
  );
}
