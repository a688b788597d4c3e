import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ArrowRight, KeyRound, Shuffle, Sparkles } from "lucide-react";
import { buttonClassName } from "../ui";
import { GET_STARTED } from "./content";
import { leaveExampleDraft } from "./exampleFlow";
import { FormatStrip } from "./FormatStrip";
import { NodeGraphIllustration } from "./NodeGraphIllustration";

/** Rotating hero words, in order; one step every ROTATE_MS. */
const HERO_WORDS = ["Script", "Shotlist", "Frame", "Scene", "Dream"] as const;
const ROTATE_MS = 2000;

function RotatingWord() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => (i + 1) % HERO_WORDS.length), ROTATE_MS);
    return () => clearInterval(id);
  }, []);
  const word = HERO_WORDS[index] ?? HERO_WORDS[0];
  return (
    <span data-testid="hero-word" className="relative inline-block">
      {/* The keyed inner span replays the entrance animation; the test id element stays stable. */}
      <span
        key={word}
        className="inline-block animate-word-in bg-linear-to-r from-accent via-[#ffc561] to-[#ff8a4c] bg-clip-text pb-[0.08em] text-transparent"
      >
        {word}
      </span>
    </span>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative">
      <HeroBackdrop />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-8 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:pb-24 lg:pt-24">
        <div className="animate-fade-in">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface/80 px-3 py-1 text-xs font-medium text-text-muted">
            <Sparkles className="size-3.5 text-accent" aria-hidden="true" />
            For filmmakers, video makers and the indie crews in between
          </p>
          <h1 id="hero-title" className="mt-6 text-display font-bold text-text">
            One studio for every <br className="hidden sm:block" />
            <RotatingWord />
            <span className="text-accent">.</span>
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed text-text-muted sm:text-lg sm:leading-relaxed">
            Write the screenplay, break it into shot lists, and generate frames and clips on a node canvas, all in one place. One tool
            instead of a stack of AI subscriptions.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link to={GET_STARTED} className={buttonClassName("primary", "lg", "shadow-glow")}>
              Start your first project
              <ArrowRight aria-hidden="true" />
            </Link>
            <a href="#features" className={buttonClassName("secondary", "lg")}>
              See how it works
            </a>
          </div>
          <p className="mt-6 flex items-center gap-2 text-sm text-text-muted">
            <KeyRound className="size-4 shrink-0 text-teal" aria-hidden="true" />
            Use Reelgraph’s rates, or bring your own API keys.
          </p>
        </div>
        <div className="flex flex-col items-center gap-4">
          <NodeGraphIllustration />
          {/* The example flow can be remixed into a project of one's own. */}
          <Link to={GET_STARTED} onClick={() => leaveExampleDraft()} className={buttonClassName("secondary", "md")}>
            <Shuffle className="size-4" aria-hidden="true" /> Remix this flow
          </Link>
        </div>
      </div>
      <FormatStrip />
    </section>
  );
}

function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute -top-40 left-1/2 h-[520px] w-[900px] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(245_165_36/0.16),transparent)]" />
      <div className="absolute -right-40 top-24 h-[420px] w-[520px] rounded-full bg-[radial-gradient(closest-side,rgb(124_140_255/0.14),transparent)]" />
      <div className="absolute -left-40 bottom-0 h-[360px] w-[460px] rounded-full bg-[radial-gradient(closest-side,rgb(47_211_168/0.08),transparent)]" />
      <div className="absolute inset-0 bg-[linear-gradient(rgb(255_255_255/0.035)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.035)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_30%,black,transparent)]" />
    </div>
  );
}
