import type { ComponentType, ReactNode } from "react";
import { Check, Clapperboard, PenLine, Workflow, type LucideIcon } from "lucide-react";
import { cn } from "../ui";
import { CanvasArt, ShotListArt, WriteArt } from "./FeatureArt";
import { SectionHeading } from "./SectionHeading";

type Feature = {
  Icon: LucideIcon;
  accent: string;
  title: string;
  body: string;
  points: string[];
  Art: ComponentType;
};

const FEATURES: Feature[] = [
  {
    Icon: PenLine,
    accent: "text-accent bg-accent-soft",
    title: "Write",
    body: "A screenplay editor that formats as you type: scene headings, action, characters, dialogue and transitions.",
    points: ["Import .fdx, .docx and .fountain", "Export FDX, Fountain and PDF", "Screenplay formatting in Courier"],
    Art: WriteArt,
  },
  {
    Icon: Clapperboard,
    accent: "text-periwinkle bg-periwinkle/12",
    title: "Shot List",
    body: "Break every scene into shots with size, angle, lens and movement, then hand the crew a clean list.",
    points: ["Built from your script’s scenes", "Reorder and annotate shots", "Export to PDF and CSV"],
    Art: ShotListArt,
  },
  {
    Icon: Workflow,
    accent: "text-teal bg-teal/12",
    title: "Canvas",
    body: "Chain AI generation on a node canvas: prompts, references, frames and clips, wired together and re-runnable.",
    points: ["Preview cheaply, export at full quality", "Our rates or your own API keys", "Every result kept in your assets"],
    Art: CanvasArt,
  },
];

export function FeatureTiles() {
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
          {FEATURES.map(({ Icon, Art, ...f }) => (
            <FeatureTile key={f.title} {...f} icon={<Icon aria-hidden="true" />} art={<Art />} />
          ))}
        </ul>
      </div>
    </section>
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
          <span className={cn("inline-flex size-9 items-center justify-center rounded-lg [&_svg]:size-[1.125rem]", accent)}>{icon}</span>
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
