import type { ProviderKeyStatus } from "../../domain/generation/api";

export type StatusTone = "own" | "platform" | "locked";

/** The status line of a provider row: whose key runs its models, or that they are locked. */
export function keyStatusText(status: ProviderKeyStatus, isAddress: boolean): { text: string; tone: StatusTone } {
  if (status.source === "user") return { text: `Using your ${isAddress ? "server" : "key"} ••••${status.hint ?? ""}`, tone: "own" };
  if (status.source === "platform") return { text: isAddress ? "Platform server" : "Platform key", tone: "platform" };
  return { text: isAddress ? "No server — models locked" : "No key — models locked", tone: "locked" };
}
