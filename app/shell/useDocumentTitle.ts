import { useEffect } from "react";

/** spec (shell 2): 'Studio' when signed in, 'Studio by Reelgraph' when signed out. */
export function useDocumentTitle(signedIn: boolean) {
  useEffect(() => {
    document.title = signedIn ? "Studio" : "Studio by Reelgraph";
  }, [signedIn]);
}
