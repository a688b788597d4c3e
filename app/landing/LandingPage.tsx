import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Accordion } from "radix-ui";
import {
  ArrowRight,
  Check,
  ChevronDown,
  Clapperboard,
  FileDown,
  FileUp,
  KeyRound,
  ListVideo,
  Mail,
  PenLine,
  Play,
  Sparkles,
  Workflow,
  X,
} from "lucide-react";
import { Logo, buttonClassName, cn } from "../ui";
import { CREDIT_PACKS, PLANS, formatUsd } from "../pricing/plans";

const GET_STARTED = "/login?access-code=studio";

const LOWEST_PLAN_USD = Math.min(...PLANS.map((p) => p.priceMonthly));
const LOWEST_PACK_USD = Math.min(...CREDIT_PACKS.map((p) => p.priceUsd));

/** Rotating hero words, in order; one step every ROTATE_MS. */
const HERO_WORDS = ["Script", "Shotlist", "Frame", "Scene", "Dream"] as const;
const ROTATE_MS = 2000;

export function LandingPage() {
  return (
    <div className="relative min-h-dvh overflow-x-clip bg-bg text-text">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <Nav />
      <main id="main">
        <Hero />
        <Features />
        <SavingsBand />
        <CtaBand />
        <Faq />
      </main>
      <Footer />
    </div>
  );
}

/* ───────────────────────────── Nav ───────────────────────────── */

function Nav() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-bg/75 backdrop-blur-md supports-[backdrop-filter]:bg-bg/60">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-8"
      >
        <Link to="/" aria-label="Reelgraph home" className="inline-flex rounded-md">
          <Logo size={28} withWordmark />
        </Link>
        <ul className="hidden items-center gap-1 text-sm md:flex">
          <li>
            <a href="#features" className={navLink}>
              Features
            </a>
          </li>
          <li>
            <Link to="/pricing" className={navLink}>
              Pricing
            </Link>
          </li>
          <li>
            <a href="#faq" className={navLink}>
              FAQ
            </a>
          </li>
        </ul>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <Link to="/pricing" className={cn(navLink, "hidden sm:inline-flex md:hidden")}>
            Pricing
          </Link>
          <Link to="/login" className={navLink}>
            Sign in
          </Link>
          <Link to={GET_STARTED} className={buttonClassName("primary", "sm", "px-3 sm:px-3.5")}>
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  );
}

const navLink =
  "whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-text-muted transition-colors hover:bg-surface-2 hover:text-text";

/* ───────────────────────────── Hero ───────────────────────────── */

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

function Hero() {
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
            Write the screenplay, break it into shot lists, and generate frames and clips on a node canvas, all in one
            place. One tool instead of a stack of AI subscriptions.
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
        <HeroGraph />
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

/**
 * Decorative node-graph mock of the canvas. Laid out in a 500×400 coordinate space
 * (percent positions + a matching SVG viewBox), so it scales cleanly to phone width.
 */
function HeroGraph() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[560px] animate-fade-in">
      <div className="absolute -inset-3 rounded-[1.75rem] bg-linear-to-br from-accent/25 via-periwinkle/15 to-teal/20 blur-2xl" />
      <div className="@container relative aspect-[5/4] w-full overflow-hidden rounded-2xl border border-border bg-surface/90 shadow-xl">
        {/* dotted canvas */}
        <div className="absolute inset-0 bg-[radial-gradient(rgb(255_255_255/0.09)_1px,transparent_1px)] bg-[size:18px_18px]" />
        {/* toolbar */}
        <div className="absolute inset-x-0 top-0 flex h-[8%] items-center gap-[1.4cqw] border-b border-border bg-surface-2/80 px-[3cqw]">
          <span className="size-[1.6cqw] rounded-full bg-[#ff5f57]/80" />
          <span className="size-[1.6cqw] rounded-full bg-[#febc2e]/80" />
          <span className="size-[1.6cqw] rounded-full bg-[#28c840]/80" />
          <span className="ml-[2cqw] text-[clamp(8px,2.2cqw,11px)] font-medium text-text-subtle">
            Night Diner · Canvas
          </span>
        </div>

        <svg viewBox="0 0 500 400" preserveAspectRatio="none" className="absolute inset-0 size-full" fill="none">
          <defs>
            <linearGradient id="rg-ab" x1="0" x2="1">
              <stop offset="0" stopColor="#f5a524" />
              <stop offset="1" stopColor="#7c8cff" />
            </linearGradient>
            <linearGradient id="rg-bc" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0" stopColor="#7c8cff" />
              <stop offset="1" stopColor="#2fd3a8" />
            </linearGradient>
            <linearGradient id="rg-cd" x1="1" x2="0">
              <stop offset="0" stopColor="#2fd3a8" />
              <stop offset="1" stopColor="#f5a524" />
            </linearGradient>
          </defs>
          <path d="M232 118 C 254 118, 250 92, 272 92" stroke="url(#rg-ab)" strokeWidth="2.5" />
          <path d="M378 160 C 378 176, 373 178, 373 196" stroke="url(#rg-bc)" strokeWidth="2.5" />
          <path d="M262 300 C 246 300, 242 318, 224 318" stroke="url(#rg-cd)" strokeWidth="2.5" />
          <path
            d="M232 118 C 254 118, 250 92, 272 92"
            stroke="#fff"
            strokeOpacity="0.7"
            strokeWidth="2.5"
            strokeDasharray="4 60"
            className="animate-dash-flow"
          />
          <path
            d="M262 300 C 246 300, 242 318, 224 318"
            stroke="#fff"
            strokeOpacity="0.7"
            strokeWidth="2.5"
            strokeDasharray="4 60"
            className="animate-dash-flow [animation-delay:0.8s]"
          />
        </svg>

        {/* Script node: x16 y56 w216 h124 */}
        <GraphNode x={16} y={56} w={216} h={124} dot="bg-accent" title="Script" kind="Scene 12">
          <p className="font-screenplay text-[clamp(7px,2.1cqw,11px)] leading-snug text-text">
            <span className="font-bold">INT. NIGHT DINER - LATE</span>
            <br />
            <span className="text-text-muted">Rain streaks the glass. MAYA slides a faded photo across the counter.</span>
          </p>
          <Port side="right" color="bg-accent" />
        </GraphNode>

        {/* Shot node: x272 y44 w212 h116 */}
        <GraphNode x={272} y={44} w={212} h={116} dot="bg-periwinkle" title="Shot 12A" kind="Shot list">
          <div className="flex flex-wrap gap-[1cqw]">
            {["CU", "50mm", "Dolly in", "Low key"].map((t) => (
              <span
                key={t}
                className="rounded-[0.8cqw] border border-border bg-surface px-[1.2cqw] py-[0.3cqw] text-[clamp(7px,1.9cqw,10px)] text-text-muted"
              >
                {t}
              </span>
            ))}
          </div>
          <Port side="left" color="bg-periwinkle" />
          <Port side="bottom" color="bg-periwinkle" />
        </GraphNode>

        {/* Frame node: x262 y196 w222 h184 */}
        <GraphNode x={262} y={196} w={222} h={184} dot="bg-teal" title="Frame" kind="Image · preview">
          <div className="relative h-full overflow-hidden rounded-[1.2cqw] border border-border">
            <FrameArt />
          </div>
          <Port side="top" color="bg-teal" />
          <Port side="left" color="bg-teal" offset="56%" />
        </GraphNode>

        {/* Clip node: x16 y262 w208 h112 */}
        <GraphNode x={16} y={262} w={208} h={112} dot="bg-accent" title="Clip" kind="Video · 4s">
          <div className="flex items-center gap-[2cqw]">
            <span className="inline-flex size-[6.4cqw] shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg">
              <Play className="size-[3cqw] fill-current" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="h-[1.2cqw] overflow-hidden rounded-full bg-surface">
                <div className="h-full w-3/5 rounded-full bg-linear-to-r from-accent to-teal" />
              </div>
              <p className="mt-[1cqw] text-[clamp(7px,1.9cqw,10px)] text-text-muted">Rendering preview…</p>
            </div>
          </div>
          <Port side="right" color="bg-accent" offset="50%" />
        </GraphNode>
      </div>
    </div>
  );
}

function GraphNode({
  x,
  y,
  w,
  h,
  dot,
  title,
  kind,
  children,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  dot: string;
  title: string;
  kind: string;
  children: ReactNode;
}) {
  return (
    <div
      className="absolute flex flex-col rounded-[2cqw] border border-border-strong bg-surface-2/95 p-[2.2cqw] shadow-lg"
      style={{ left: `${x / 5}%`, top: `${y / 4}%`, width: `${w / 5}%`, height: `${h / 4}%` }}
    >
      <div className="mb-[1.6cqw] flex items-center gap-[1.4cqw]">
        <span className={cn("size-[1.8cqw] shrink-0 rounded-full", dot)} />
        <span className="text-[clamp(8px,2.3cqw,12px)] font-semibold text-text">{title}</span>
        <span className="ml-auto truncate text-[clamp(7px,1.9cqw,10px)] text-text-subtle">{kind}</span>
      </div>
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}

function Port({ side, color, offset = "50%" }: { side: "left" | "right" | "top" | "bottom"; color: string; offset?: string }) {
  const pos =
    side === "left"
      ? { left: 0, top: offset, transform: "translate(-50%,-50%)" }
      : side === "right"
        ? { right: 0, top: offset, transform: "translate(50%,-50%)" }
        : side === "top"
          ? { top: 0, left: offset, transform: "translate(-50%,-50%)" }
          : { bottom: 0, left: offset, transform: "translate(-50%,50%)" };
  return (
    <span
      className={cn("absolute size-[2.4cqw] rounded-full border-[0.5cqw] border-surface-2 ring-1 ring-white/20", color)}
      style={pos}
    />
  );
}

/** A tiny CSS "film still": night street, neon sign, figure in a window. */
function FrameArt() {
  return (
    <div className="absolute inset-0 bg-[linear-gradient(180deg,#141a3a_0%,#23204a_45%,#3a2540_70%,#1b1420_100%)]">
      <div className="absolute left-[8%] top-[12%] size-[26%] rounded-full bg-[radial-gradient(closest-side,rgb(255_190_90/0.55),transparent)] blur-[2px]" />
      <div className="absolute bottom-[28%] left-[10%] right-[10%] top-[30%] rounded-sm border border-[#f5a524]/40 bg-[linear-gradient(180deg,rgb(245_165_36/0.22),rgb(124_140_255/0.12))]" />
      <div className="absolute bottom-[28%] left-[44%] h-[30%] w-[14%] rounded-t-full bg-[#0d0b14]" />
      <div className="absolute right-[14%] top-[16%] rounded-[2px] border border-[#ff6b9a]/70 px-[1.2cqw] text-[clamp(6px,1.7cqw,9px)] font-bold tracking-widest text-[#ff8fb3] shadow-[0_0_12px_rgb(255_107_154/0.6)]">
        OPEN
      </div>
      <div className="absolute inset-x-0 bottom-0 h-[28%] bg-[linear-gradient(180deg,#1c1726,#0c0a10)]" />
      <div className="absolute inset-x-[6%] bottom-[8%] h-[6%] rounded-full bg-[radial-gradient(closest-side,rgb(245_165_36/0.35),transparent)]" />
    </div>
  );
}

function FormatStrip() {
  const steps: { icon: ReactNode; label: string; detail: string }[] = [
    { icon: <FileUp aria-hidden="true" />, label: "Import", detail: ".fdx · .docx · .fountain" },
    { icon: <ListVideo aria-hidden="true" />, label: "Break down", detail: "scenes into shots" },
    { icon: <Workflow aria-hidden="true" />, label: "Generate", detail: "frames and clips on the canvas" },
    { icon: <FileDown aria-hidden="true" />, label: "Export", detail: "FDX · Fountain · PDF · CSV" },
  ];
  return (
    <div className="relative border-y border-border bg-surface/60">
      <ol className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-5 px-4 py-6 sm:px-8 md:grid-cols-4">
        {steps.map((s, i) => (
          <li key={s.label} className="flex items-center gap-3">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-2 text-text-muted [&_svg]:size-4">
              {s.icon}
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-text">
                <span className="mr-1.5 font-mono text-xs text-text-subtle">0{i + 1}</span>
                {s.label}
              </span>
              <span className="block text-xs text-text-muted">{s.detail}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/* ───────────────────────────── Features ───────────────────────────── */

function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-8 sm:py-24">
        <SectionHeading
          eyebrow="The studio"
          id="features-title"
          title="From the first line to the last frame"
          lede="Three tools that already know about each other: scenes feed shots, shots feed generations, and nothing gets copied between apps."
        />
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          <FeatureTile
            icon={<PenLine aria-hidden="true" />}
            accent="text-accent bg-accent-soft"
            title="Write"
            body="A screenplay editor that formats as you type: scene headings, action, characters, dialogue and transitions."
            points={["Import .fdx, .docx and .fountain", "Export FDX, Fountain and PDF", "Screenplay formatting in Courier"]}
            art={<WriteArt />}
          />
          <FeatureTile
            icon={<Clapperboard aria-hidden="true" />}
            accent="text-periwinkle bg-periwinkle/12"
            title="Shot List"
            body="Break every scene into shots with size, angle, lens and movement, then hand the crew a clean list."
            points={["Built from your script’s scenes", "Reorder and annotate shots", "Export to PDF and CSV"]}
            art={<ShotListArt />}
          />
          <FeatureTile
            icon={<Workflow aria-hidden="true" />}
            accent="text-teal bg-teal/12"
            title="Canvas"
            body="Chain AI generation on a node canvas: prompts, references, frames and clips, wired together and re-runnable."
            points={["Preview cheaply, export at full quality", "Our rates or your own API keys", "Every result kept in your assets"]}
            art={<CanvasArt />}
          />
        </ul>
      </div>
    </section>
  );
}

function SectionHeading({ eyebrow, id, title, lede }: { eyebrow: string; id: string; title: string; lede?: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {lede && <p className="mt-4 text-base leading-relaxed text-text-muted">{lede}</p>}
    </div>
  );
}

function FeatureTile({
  icon,
  accent,
  title,
  body,
  points,
  art,
}: {
  icon: ReactNode;
  accent: string;
  title: string;
  body: string;
  points: string[];
  art: ReactNode;
}) {
  return (
    <li className="group flex flex-col overflow-hidden rounded-2xl border border-border bg-surface transition-colors hover:border-border-strong">
      <div aria-hidden="true" className="relative h-40 overflow-hidden border-b border-border bg-surface-2/60">
        {art}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center gap-3">
          <span className={cn("inline-flex size-9 items-center justify-center rounded-lg [&_svg]:size-[1.125rem]", accent)}>
            {icon}
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-text-muted">{body}</p>
        <ul className="mt-5 space-y-2 text-sm">
          {points.map((p) => (
            <li key={p} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              <span>{p}</span>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function WriteArt() {
  return (
    <div className="absolute inset-x-6 top-5 bottom-0 rounded-t-lg bg-[#f3efe6] px-6 pt-4 font-screenplay text-[10.5px] leading-[1.45] text-[#1b1b1b] shadow-lg transition-transform duration-300 group-hover:-translate-y-1">
      <p className="font-bold">EXT. ROOFTOP - DAWN</p>
      <p className="mt-1.5">The city wakes below. JONAH stands at the edge, camera raised.</p>
      <p className="mt-1.5 pl-[34%]">JONAH</p>
      <p className="pl-[18%] pr-[14%]">One more take. The light’s almost there.</p>
    </div>
  );
}

function ShotListArt() {
  const rows = [
    ["12A", "CU", "50mm", "Dolly in"],
    ["12B", "WS", "24mm", "Static"],
    ["12C", "OTS", "35mm", "Handheld"],
    ["12D", "ECU", "85mm", "Rack focus"],
  ];
  return (
    <div className="absolute inset-x-6 top-5 rounded-lg border border-border bg-surface text-[11px] shadow-lg transition-transform duration-300 group-hover:-translate-y-1">
      <div className="grid grid-cols-[2.5rem_2.5rem_3rem_1fr] gap-2 border-b border-border px-3 py-1.5 font-semibold uppercase tracking-wider text-[9px] text-text-subtle">
        <span>Shot</span>
        <span>Size</span>
        <span>Lens</span>
        <span>Move</span>
      </div>
      {rows.map((r, i) => (
        <div
          key={r[0]}
          className={cn(
            "grid grid-cols-[2.5rem_2.5rem_3rem_1fr] gap-2 px-3 py-1.5 text-text-muted",
            i === 0 && "bg-periwinkle/10 text-text",
          )}
        >
          {r.map((c) => (
            <span key={c} className={cn(c === r[0] && "font-mono text-periwinkle")}>
              {c}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

function CanvasArt() {
  return (
    <div className="absolute inset-0 bg-[radial-gradient(rgb(255_255_255/0.08)_1px,transparent_1px)] bg-[size:14px_14px]">
      <svg viewBox="0 0 300 160" className="absolute inset-0 size-full" preserveAspectRatio="xMidYMid meet" fill="none">
        <path d="M96 52 C 130 52, 120 80, 150 80" stroke="#f5a524" strokeWidth="2" strokeOpacity="0.8" />
        <path d="M96 112 C 130 112, 120 80, 150 80" stroke="#7c8cff" strokeWidth="2" strokeOpacity="0.8" />
        <path d="M226 80 C 240 80, 240 80, 252 80" stroke="#2fd3a8" strokeWidth="2" strokeOpacity="0.8" />
        <g className="transition-transform duration-300 group-hover:-translate-y-0.5">
          <rect x="20" y="34" width="76" height="36" rx="8" fill="#242834" stroke="#3b4050" />
          <circle cx="34" cy="52" r="4" fill="#f5a524" />
          <rect x="44" y="48" width="40" height="8" rx="4" fill="#3b4050" />
          <rect x="20" y="94" width="76" height="36" rx="8" fill="#242834" stroke="#3b4050" />
          <circle cx="34" cy="112" r="4" fill="#7c8cff" />
          <rect x="44" y="108" width="32" height="8" rx="4" fill="#3b4050" />
          <rect x="150" y="50" width="76" height="60" rx="8" fill="#242834" stroke="#3b4050" />
          <rect x="158" y="58" width="60" height="36" rx="4" fill="url(#canvas-art-img)" />
          <rect x="158" y="99" width="30" height="5" rx="2.5" fill="#3b4050" />
          <circle cx="262" cy="80" r="12" fill="#2fd3a8" fillOpacity="0.15" stroke="#2fd3a8" />
          <path d="M258 74 L268 80 L258 86 Z" fill="#2fd3a8" />
        </g>
        <defs>
          <linearGradient id="canvas-art-img" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#23204a" />
            <stop offset="0.6" stopColor="#7c5a3a" />
            <stop offset="1" stopColor="#f5a524" />
          </linearGradient>
        </defs>
      </svg>
    </div>
  );
}

/* ───────────────────────────── Savings ───────────────────────────── */

function SavingsBand() {
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
              A writing app, a shot-list tool and separate image and video generators each send their own bill,
              and most of those credits go unused. Reelgraph puts the whole pipeline under one roof and charges only
              for what you generate.
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

/* ───────────────────────────── CTA ───────────────────────────── */

function CtaBand() {
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
            Open the studio, import a draft or start fresh, and see your first frames the same afternoon. New accounts
            start with free credits.
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

/* ───────────────────────────── FAQ ───────────────────────────── */

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: "How is Reelgraph different from other AI video tools?",
    a: "Most AI tools start and end at the prompt box. Reelgraph starts at the screenplay: scenes become shot lists, shots become nodes on the canvas, and every generated frame or clip stays linked to the scene it belongs to. It’s a production workspace with generation built in, not a generator with a project folder bolted on.",
  },
  {
    q: "Can I use my own API keys?",
    a: "Yes. Add your own provider keys and any run made with them costs no Reelgraph credits; you pay the provider directly. Or skip the setup and use Reelgraph’s rates, where 1 credit = $0.001. You can switch whenever you like.",
  },
  {
    q: "Which file formats can I import and export?",
    a: (
      <>
        Scripts import from <Code>.fdx</Code> (Final Draft), <Code>.docx</Code> and <Code>.fountain</Code>, and export
        as FDX, Fountain and PDF. Shot lists export to PDF and CSV, so they drop straight into a crew’s spreadsheet or
        call sheet.
      </>
    ),
  },
  {
    q: "Is it a good fit for indie filmmakers?",
    a: `It was built with small crews in mind. Every new account starts with free credits, plans start at ${formatUsd(LOWEST_PLAN_USD)} a month, and pay-as-you-go packs start at ${formatUsd(LOWEST_PACK_USD)}. Bring your own keys and generation costs you only what the provider charges.`,
  },
  {
    q: "How does the preview-then-export workflow work?",
    a: "Iterate on fast, low-cost previews on the canvas: try framings, lighting and takes without burning budget. When a shot looks right, export it at full quality. You only pay full-quality prices for the shots you keep.",
  },
];

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded-sm bg-surface-3 px-1 py-0.5 font-mono text-[0.85em] text-text">{children}</code>;
}

function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:px-8 sm:py-24 lg:grid-cols-[1fr_1.6fr] lg:gap-16">
        <div>
          <SectionHeading eyebrow="FAQ" id="faq-title" title="Questions, answered" />
          <p className="mt-4 text-base leading-relaxed text-text-muted">
            Something else on your mind?{" "}
            <a
              href="mailto:hello@reelgraph.studio"
              className="rounded-sm font-medium text-accent underline-offset-4 hover:underline"
            >
              Write to us
            </a>
            .
          </p>
        </div>
        <Accordion.Root type="single" collapsible className="divide-y divide-border border-y border-border">
          {FAQ.map((item, i) => (
            <Accordion.Item key={item.q} value={`faq-${i}`}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-md py-5 text-left text-base font-medium text-text transition-colors hover:text-accent">
                    {item.q}
                    <ChevronDown
                      className="size-5 shrink-0 text-text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                      aria-hidden="true"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
                <p className="pb-5 pr-8 text-sm leading-relaxed text-text-muted sm:text-base sm:leading-relaxed">
                  {item.a}
                </p>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}

/* ───────────────────────────── Footer ───────────────────────────── */

function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-surface/50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <div className="flex flex-col gap-2">
          <Logo size={24} withWordmark />
          <p className="text-xs text-text-muted">© {year} Reelgraph</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <Link to="/pricing" className="rounded-sm text-text-muted hover:text-text">
            Pricing
          </Link>
          <Link to="/login" className="rounded-sm text-text-muted hover:text-text">
            Sign in
          </Link>
          <a
            href="mailto:hello@reelgraph.studio"
            className="inline-flex items-center gap-1.5 rounded-sm text-text-muted hover:text-text"
          >
            <Mail className="size-4" aria-hidden="true" />
            hello@reelgraph.studio
          </a>
        </nav>
      </div>
    </footer>
  );
}
