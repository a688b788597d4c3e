import { cn } from "../ui";

export function WriteArt() {
  return (
    <div className="absolute inset-x-6 top-5 bottom-0 rounded-t-lg bg-[#f3efe6] px-6 pt-4 font-screenplay text-[10.5px] leading-[1.45] text-[#1b1b1b] shadow-lg transition-transform duration-300 group-hover:-translate-y-1">
      <p className="font-bold">EXT. ROOFTOP - DAWN</p>
      <p className="mt-1.5">The city wakes below. JONAH stands at the edge, camera raised.</p>
      <p className="mt-1.5 pl-[34%]">JONAH</p>
      <p className="pl-[18%] pr-[14%]">One more take. The light’s almost there.</p>
    </div>
  );
}

export function ShotListArt() {
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

export function CanvasArt() {
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
