import { useSyncExternalStore } from "react";
import { shouldShowMobileGate } from "../../domain/device";

const subscribe = (onChange: () => void) => {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
};

/** True on a viewport under 768 px or a phone/tablet user agent (spec: shell 2 "Mobile gate"). */
export function useMobileGate(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shouldShowMobileGate(window.innerWidth, navigator.userAgent),
    () => false,
  );
}
