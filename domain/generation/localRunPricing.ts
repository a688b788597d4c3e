/**
 * Whether this studio charges credits for the models and tools that run on its own machine (provider
 * `local`). A self-hosted studio does not: the film maker already pays for the machine. A hosted operator
 * prices them (PRICE_LOCAL_MODELS=true), and then they cost what their catalogue entries say.
 *
 * One setting per process, set once at start by the server from its configuration. The browser never sets
 * it: it prices from the models and tools the server serves, which already carry what this studio charges
 * (free ones come with a `free` cost rule and 0 credits), so both sides show and charge the same number.
 */
let priced = true;

export function priceLocalRuns(on: boolean): void {
  priced = on;
}

/** A run of this provider costs nothing on this studio. */
export const runsFreeHere = (provider: string): boolean => provider === "local" && !priced;

/** Said where a free local run's cost is shown: the short label, and the sentence behind it (its title). */
export const LOCAL_RUN_FREE_LABEL = "Free · local";
export const LOCAL_RUN_FREE_NOTE = "Free: runs on this studio's own machine, so it costs no credits";
