import type { ReactNode } from "react";
import { FileDown, FileUp, ListVideo, Workflow } from "lucide-react";

export function FormatStrip() {
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
