/**
 * A run failed for a reason its user should read (a provider said no, an input is missing): its message is
 * shown on the node as it is. Anything else thrown by a run is a bug, shown as the spec's fallback message.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** True when trying again later may work (429, 5xx, time-outs). */
    readonly retryable = false,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
