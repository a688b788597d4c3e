import { useState, type ReactNode } from "react";
import { useNavigate, Link } from "react-router";
import { ToggleGroup } from "radix-ui";
import { Check, Coins, Eye, Info, KeyRound } from "lucide-react";
import { packPriceId, planPriceId } from "../../domain/billing/catalog";
import { useSession } from "../api/session";
import { loginPathFor } from "../auth/returnTo";
import { checkoutError, goToCheckout, useBillingConfig } from "../billing/billingApi";
import { TestModeBadge } from "../billing/TestModeBadge";
import { BackLink, Button, Logo, cn, toast } from "../ui";
import { CREDIT_PACKS, PLANS, formatCredits, formatUsd, planBonusRatio, usdToCredits, type CreditPack, type Plan } from "./plans";

type Billing = "monthly" | "yearly";

/** Buying one price: signed out, through sign-in first; refusals ('You are already on…') as a toast. */
function useBuy() {
  const session = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const buy = async (priceId: string) => {
    if (!session.data) return navigate(loginPathFor("/pricing"));
    setPending(priceId);
    try {
      await goToCheckout(priceId);
    } catch (err) {
      toast.error(checkoutError(err));
      setPending(null);
    }
  };
  return { buy, pending };
}

export function PricingPage() {
  const [billing, setBilling] = useState<Billing>("monthly");
  const config = useBillingConfig();
  const { buy, pending } = useBuy();
  const unavailable = config.data?.provider === "none";

  return (
    <div className="min-h-dvh bg-bg text-text">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[480px] bg-[radial-gradient(60%_60%_at_50%_0%,rgb(245_165_36/0.12),transparent_70%)]"
      />

      <header className="relative mx-auto flex max-w-6xl items-center justify-between gap-4 px-5 py-5 sm:px-8">
        <BackLink to="/">Back to studio</BackLink>
        <div className="flex items-center gap-4">
          <Link to="/billing" className="text-sm text-text-muted hover:text-text focus-visible:text-text">
            Billing and usage
          </Link>
          <Logo size={28} withWordmark />
        </div>
      </header>

      <main className="relative mx-auto max-w-6xl px-5 pb-20 sm:px-8">
        <section aria-labelledby="pricing-title" className="mx-auto max-w-2xl pt-8 text-center sm:pt-12">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent">Pricing</p>
          <h1 id="pricing-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            One studio. Pay for what you generate.
          </h1>
          <p className="mt-4 text-base leading-relaxed text-text-muted text-pretty">
            Plans bundle monthly credits at a better rate; packs top you up with no subscription. Use our rates, or bring your own API keys
            and pay your providers directly.
          </p>
        </section>

        {config.data?.testMode && (
          <div
            role="note"
            className="mx-auto mt-8 flex max-w-3xl items-center gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3.5 text-sm"
          >
            <TestModeBadge />
            <p className="text-text-muted">
              {config.data.provider === "test"
                ? "Purchases go through the studio's built-in test provider: no card, no real money."
                : "Stripe is in test mode: use a test card."}
            </p>
          </div>
        )}
        {unavailable && (
          <div
            role="note"
            className="mx-auto mt-8 flex max-w-3xl items-start gap-3 rounded-xl border border-accent/30 bg-accent-soft px-4 py-3.5 text-sm"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            <p className="text-text">
              <strong className="font-semibold">Purchasing is not set up on this server.</strong>{" "}
              <span className="text-text-muted">
                Every new account starts with a free credit allowance, and runs on your own API keys cost no credits.
              </span>
            </p>
          </div>
        )}

        {/* ── Plans ─────────────────────────────────────────────────────── */}
        <section aria-labelledby="plans-title" className="mt-14">
          <div className="flex flex-col items-center justify-between gap-4 sm:flex-row">
            <h2 id="plans-title" className="text-xl font-semibold tracking-tight">
              Subscription plans
            </h2>
            <ToggleGroup.Root
              type="single"
              value={billing}
              onValueChange={(v) => {
                if (v === "monthly" || v === "yearly") setBilling(v);
              }}
              aria-label="Billing period"
              className="inline-flex h-9 items-center gap-0.5 rounded-lg border border-border bg-surface p-0.5"
            >
              {(["monthly", "yearly"] as const).map((b) => (
                <ToggleGroup.Item
                  key={b}
                  value={b}
                  className={cn(
                    "inline-flex h-full items-center gap-1.5 rounded-md px-3 text-sm font-medium text-text-muted transition-colors hover:text-text",
                    "data-[state=on]:bg-surface-3 data-[state=on]:text-text data-[state=on]:shadow-sm",
                  )}
                >
                  {b === "monthly" ? "Monthly" : "Yearly"}
                  {b === "yearly" && (
                    <span className="rounded-sm bg-success-soft px-1.5 py-0.5 text-2xs font-semibold text-success">2 months free</span>
                  )}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          </div>

          <ul className="mt-6 grid gap-5 lg:grid-cols-3">
            {PLANS.map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard plan={plan} billing={billing} onBuy={buy} pending={pending} unavailable={unavailable} />
              </li>
            ))}
          </ul>
        </section>

        {/* ── Credit packs ──────────────────────────────────────────────── */}
        <section aria-labelledby="packs-title" className="mt-20">
          <h2 id="packs-title" className="text-xl font-semibold tracking-tight">
            Pay-as-you-go credit packs
          </h2>
          <p className="mt-2 max-w-2xl text-sm text-text-muted">
            One-off top-ups with no subscription, at 1 credit = $0.001. Use them on their own or alongside a plan.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {CREDIT_PACKS.map((pack) => (
              <li key={pack.id} className="flex">
                <PackCard pack={pack} onBuy={buy} pending={pending} unavailable={unavailable} />
              </li>
            ))}
          </ul>
        </section>

        {/* ── How credits work ──────────────────────────────────────────── */}
        <section aria-labelledby="credits-title" className="mt-20">
          <h2 id="credits-title" className="text-xl font-semibold tracking-tight">
            How credits work
          </h2>
          <dl className="mt-6 grid gap-4 md:grid-cols-3">
            <Explainer icon={<Coins aria-hidden="true" />} term="1 credit = $0.001">
              Every cost is shown as money × 1000, so a generation that costs $0.04 shows as {formatCredits(usdToCredits(0.04))} credits. No
              conversion tables.
            </Explainer>
            <Explainer icon={<KeyRound aria-hidden="true" />} term="Your keys, no credits">
              Connect your own provider API keys and runs on them cost no credits: you pay the provider directly.
            </Explainer>
            <Explainer icon={<Eye aria-hidden="true" />} term="Preview, then export">
              Iterate on low-cost previews on the canvas and spend full-quality credits only on the shots you keep.
            </Explainer>
          </dl>
        </section>
      </main>

      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-5 py-6 text-xs text-text-muted sm:flex-row sm:px-8">
          <span>© {new Date().getFullYear()} Reelgraph. Prices in USD.</span>
          <a
            href="mailto:hello@reelgraph.studio"
            className="rounded-sm font-medium text-text-muted underline-offset-4 hover:text-text hover:underline"
          >
            Questions? hello@reelgraph.studio
          </a>
        </div>
      </footer>
    </div>
  );
}

interface BuyProps {
  onBuy(priceId: string): void;
  /** The price whose checkout is being opened. */
  pending: string | null;
  unavailable: boolean;
}

function PlanCard({ plan, billing, onBuy, pending, unavailable }: { plan: Plan; billing: Billing } & BuyProps) {
  const priceId = planPriceId(plan.id, billing);
  const perMonth = billing === "monthly" ? plan.priceMonthly : plan.priceYearly / 12;
  const bonus = Math.round(planBonusRatio(plan) * 100);
  const noteId = `plan-note-${plan.id}`;
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cn(
        "relative flex w-full flex-col rounded-2xl border p-6",
        plan.highlighted
          ? "border-accent/50 bg-[linear-gradient(180deg,rgb(245_165_36/0.08),transparent_40%)] bg-surface shadow-glow"
          : "border-border bg-surface",
      )}
    >
      {plan.highlighted && (
        <span className="absolute -top-3 left-6 rounded-full bg-accent px-2.5 py-0.5 text-2xs font-semibold uppercase tracking-wider text-accent-fg">
          Recommended
        </span>
      )}
      <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-text-muted">{plan.tagline}</p>

      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{formatUsd(perMonth)}</span>
        <span className="text-sm text-text-muted">/ month</span>
      </p>
      <p className="mt-1 h-4 text-xs text-text-subtle">
        {billing === "yearly" ? `Billed ${formatUsd(plan.priceYearly)} yearly` : "Billed monthly"}
      </p>

      <div className="mt-5 rounded-lg border border-border bg-surface-2 px-3.5 py-3">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Coins className="size-4 text-accent" aria-hidden="true" />
          {formatCredits(plan.monthlyCredits)} credits / month
        </p>
        <p className="mt-1 text-xs text-text-muted">
          {formatUsd(plan.monthlyCredits / 1000)} of generation, {bonus}% more than pay-as-you-go
        </p>
      </div>

      <Button
        variant={plan.highlighted ? "primary" : "secondary"}
        size="lg"
        className="mt-5 w-full"
        disabled={unavailable || pending !== null}
        loading={pending === priceId}
        aria-describedby={noteId}
        onClick={() => onBuy(priceId)}
      >
        Choose {plan.name}
      </Button>
      <p id={noteId} className="mt-2 text-center text-xs text-text-muted">
        {unavailable
          ? "Not available on this server"
          : billing === "yearly"
            ? `${formatCredits(plan.monthlyCredits * 12)} credits a year, up front`
            : "Cancel any time"}
      </p>

      <ul className="mt-6 space-y-2.5 border-t border-border pt-5 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span className="text-text-muted">{f}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

function PackCard({ pack, onBuy, pending, unavailable }: { pack: CreditPack } & BuyProps) {
  const priceId = packPriceId(pack.id);
  const noteId = `pack-note-${pack.id}`;
  const bonusPct = Math.round((pack.bonusCredits / (pack.credits - pack.bonusCredits)) * 100);
  return (
    <article aria-labelledby={`pack-${pack.id}`} className="flex w-full flex-col rounded-xl border border-border bg-surface p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`pack-${pack.id}`} className="text-sm font-medium text-text-muted">
          {pack.label} pack
        </h3>
        {pack.bonusCredits > 0 && (
          <span className="rounded-full bg-success-soft px-2 py-0.5 text-2xs font-semibold text-success">
            +{formatCredits(pack.bonusCredits)} bonus ({bonusPct}%)
          </span>
        )}
      </div>
      <p className="mt-3 text-3xl font-bold tracking-tight tabular-nums">{formatUsd(pack.priceUsd)}</p>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-text">
        <Coins className="size-4 text-accent" aria-hidden="true" />
        {formatCredits(pack.credits)} credits
      </p>
      <div className="mt-auto pt-5">
        <Button
          variant="secondary"
          className="w-full"
          disabled={unavailable || pending !== null}
          loading={pending === priceId}
          aria-describedby={noteId}
          onClick={() => onBuy(priceId)}
        >
          Buy {formatUsd(pack.priceUsd)} pack
        </Button>
        <p id={noteId} className="mt-2 text-center text-xs text-text-muted">
          {unavailable ? "Not available on this server" : "Credits never expire"}
        </p>
      </div>
    </article>
  );
}

function Explainer({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-5">
      <dt className="flex items-center gap-2.5 text-sm font-semibold">
        <span className="inline-flex size-8 items-center justify-center rounded-lg bg-surface-2 text-accent [&_svg]:size-4">{icon}</span>
        {term}
      </dt>
      <dd className="mt-3 text-sm leading-relaxed text-text-muted">{children}</dd>
    </div>
  );
}
