import { CtaBand } from "./CtaBand";
import { Faq } from "./Faq";
import { FeatureTiles } from "./FeatureTiles";
import { Hero } from "./Hero";
import { LandingFooter } from "./LandingFooter";
import { LandingNav } from "./LandingNav";
import { SavingsBand } from "./SavingsBand";

export function LandingPage() {
  return (
    <div className="relative min-h-dvh overflow-x-clip bg-bg text-text">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <LandingNav />
      <main id="main">
        <Hero />
        <FeatureTiles />
        <SavingsBand />
        <CtaBand />
        <Faq />
      </main>
      <LandingFooter />
    </div>
  );
}
