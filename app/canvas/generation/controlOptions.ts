/** 'dolly-in' → 'Dolly in'. */
export const controlWords = (v: string) => v.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** A control's options; 'none' reads as what it means for that control ('No style'). */
export const controlOptions = (values: readonly string[], none: string) =>
  values.map((v) => ({ value: v, label: v === "none" ? none : controlWords(v) }));
