import type { ReactNode } from "react";
import { Play } from "lucide-react";
import { cn } from "../ui";

/**
 * Decorative node-graph mock of the canvas. Laid out in a 500×400 coordinate space
 * (percent positions + a matching SVG viewBox), so it scales cleanly to phone width.
 */
export function NodeGraphIllustration() {
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
          <span className="ml-[2cqw] text-[clamp(8px,2.2cqw,11px)] font-medium text-text-subtle">Night Diner · Canvas</span>
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
    <span className={cn("absolute size-[2.4cqw] rounded-full border-[0.5cqw] border-surface-2 ring-1 ring-white/20", color)} style={pos} />
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
