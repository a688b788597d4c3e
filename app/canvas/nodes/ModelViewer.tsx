import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from "react";
import { AlertTriangle, Box, Download } from "lucide-react";
import { Spinner, cn } from "../../ui";
import { MODEL_MESSAGES, MODEL_TIMEOUT_MS, ModelLoadError, fetchModel, hasWebGL, isBinaryGltf } from "./modelLoading";
// The lighting (scripts/make-studio-environment.mjs says why it is a file and not model-viewer's "neutral").
import studioEnvironment from "./studio-environment.hdr?url";

/**
 * How many large (focused view) viewers are open. While one is, the small ones on the canvas behind it
 * are hidden: model-viewer then stops rendering them (no GPU work for what cannot be seen), and the shared
 * renderer does not smear the small scene's edge into the large one (seen with software WebGL).
 */
let largeOpen = 0;
const largeListeners = new Set<() => void>();
const subscribeLarge = (listener: () => void) => {
  largeListeners.add(listener);
  return () => void largeListeners.delete(listener);
};
const setLargeOpen = (delta: number) => {
  largeOpen += delta;
  largeListeners.forEach((l) => l());
};

type Phase = { kind: "loading" } | { kind: "viewing"; src: string } | { kind: "failed"; reason: string };

/**
 * The 3D view, in its own lazily loaded chunk; `@google/model-viewer` (and three with it) is imported
 * only when a 3D node is actually shown. The file is fetched with retries under a 30 s time-out (spec:
 * canvas 7), then handed to model-viewer as a blob URL. Any failure shows 'Failed to load 3D model' with
 * the reason, and the file stays downloadable.
 */
export default function ModelViewer({ url, title, large = false }: { url: string; title: string; large?: boolean }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [shown, setShown] = useState(false);
  const timeout = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hidden = useSyncExternalStore(subscribeLarge, () => !large && largeOpen > 0);

  useEffect(() => {
    if (!large) return;
    setLargeOpen(1);
    return () => setLargeOpen(-1);
  }, [large]);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    let settled = false;
    setPhase({ kind: "loading" });
    setShown(false);
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout.current);
      setPhase({ kind: "failed", reason });
    };
    timeout.current = setTimeout(() => {
      controller.abort(new ModelLoadError(MODEL_MESSAGES.timeout));
      fail(MODEL_MESSAGES.timeout);
    }, MODEL_TIMEOUT_MS);

    (async () => {
      if (!hasWebGL()) throw new ModelLoadError(MODEL_MESSAGES.init);
      const viewer = import("@google/model-viewer").catch((cause: unknown) => {
        throw new ModelLoadError(MODEL_MESSAGES.init, { cause });
      });
      const [, blob] = await Promise.all([viewer, fetchModel(url, { signal: controller.signal })]);
      if (controller.signal.aborted) return;
      // A .glb is self-contained: view the bytes already fetched. A .gltf may point at files next to
      // it, which only resolve against its own URL.
      const binary = await isBinaryGltf(blob);
      if (controller.signal.aborted) return;
      setPhase({ kind: "viewing", src: binary ? (objectUrl = URL.createObjectURL(blob)) : url });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return; // the time-out (already shown) or unmounting
      fail(error instanceof ModelLoadError ? error.message : MODEL_MESSAGES.failed);
    });

    return () => {
      settled = true;
      controller.abort();
      clearTimeout(timeout.current);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  // model-viewer reports the parsed and rendered model with `load`, a bad file with `error`.
  const attach = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const onLoad = () => {
      clearTimeout(timeout.current);
      setShown(true);
    };
    const onError = () => {
      clearTimeout(timeout.current);
      setPhase({ kind: "failed", reason: MODEL_MESSAGES.render });
    };
    el.addEventListener("load", onLoad);
    el.addEventListener("error", onError);
    return () => {
      el.removeEventListener("load", onLoad);
      el.removeEventListener("error", onError);
    };
  }, []);

  const download = (
    <a
      href={url}
      download={fileName(title)}
      aria-label={`Download ${title}`}
      title="Download"
      className="nodrag inline-flex items-center gap-1 rounded-md text-accent hover:underline focus-visible:underline"
    >
      <Download className="size-3.5" aria-hidden /> Download
    </a>
  );

  if (phase.kind === "failed") {
    return (
      <div
        role="alert"
        className={cn("flex h-full w-full flex-col items-center justify-center gap-2 px-4 text-center", large ? "text-base" : "text-sm")}
      >
        <AlertTriangle className={cn("text-danger", large ? "size-10" : "size-7")} aria-hidden />
        <span className="font-medium text-danger">{MODEL_MESSAGES.failed}</span>
        {phase.reason !== MODEL_MESSAGES.failed && <span className="text-xs text-text-muted">{phase.reason}</span>}
        {download}
      </div>
    );
  }

  return (
    <div
      className="group/model relative h-full w-full bg-[radial-gradient(circle_at_50%_45%,rgba(47,211,168,0.10),transparent_65%)]"
      data-testid="model-viewer"
    >
      {phase.kind === "viewing" && (
        <model-viewer
          ref={attach}
          src={phase.src}
          alt={title}
          // The bytes are already here: parse now, even off-screen or hidden (model-viewer's default waits
          // until the element is in view, which would run into the time-out).
          loading="eager"
          camera-controls
          auto-rotate
          shadow-intensity="1"
          environment-image={studioEnvironment}
          interaction-prompt="none"
          className={cn("nodrag nowheel h-full w-full", hidden ? "hidden" : "block")}
          style={{ width: "100%", height: "100%", backgroundColor: "transparent", "--poster-color": "transparent" } as CSSProperties}
        />
      )}
      {!shown && (
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-3 text-sm text-text-muted">
          <Box className={cn("text-teal/70", large ? "size-12" : "size-9")} aria-hidden />
          <Spinner size={large ? 24 : 18} label="Loading 3D model" />
        </div>
      )}
      {shown && (
        <div
          className={cn(
            "absolute bottom-2 left-2 rounded-md bg-surface/80 px-2 py-1 text-xs backdrop-blur transition-opacity",
            !large && "opacity-0 group-hover/model:opacity-100 focus-within:opacity-100",
          )}
        >
          {download}
        </div>
      )}
    </div>
  );
}

function fileName(title: string): string {
  const base = title.trim() || "model";
  return /\.(glb|gltf)$/i.test(base) ? base : `${base}.glb`;
}
