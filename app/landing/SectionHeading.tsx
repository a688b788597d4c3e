export function SectionHeading({ eyebrow, id, title, lede }: { eyebrow: string; id: string; title: string; lede?: string }) {
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
