/** User-facing texts of the screenplay editor (the tests match on them). */
export const EDITOR_MESSAGES = {
  loading: "Loading Write Editor...",
  notFound: "Script not found",
  saveFailed: "Failed to save changes",
  newerVersion: "Another member saved a newer version of this script",
  conflictLoaded: "This script was changed by another member, so their latest version is now loaded",
  copied: "Script copied to the clipboard",
} as const;
