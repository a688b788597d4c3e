import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { buttonClassName } from "../ui";
import { GET_STARTED } from "./content";

export function CtaBand() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-8 sm:pt-24">
      <div className="relative overflow-hidden rounded-3xl border border-accent/30 bg-[linear-gradient(135deg,#2a1d08_0%,#171219_45%,#101427_100%)] px-6 py-14 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute left-1/2 top-0 h-48 w-[720px] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(245_165_36/0.35),transparent)]"
        />
        <div className="relative">
          <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Your next film starts on a blank page.
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-text-muted">
            Open the studio, import a draft or start fresh, and see your first frames the same afternoon. New accounts start with free
            credits.
          </p>
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
            <Link to={GET_STARTED} className={buttonClassName("primary", "lg", "shadow-glow")}>
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/pricing" className={buttonClassName("secondary", "lg")}>
              See pricing
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
