/** The spec's user-facing texts for shot lists (studio-shell 2, 4, 5, 7, 8), word for word. */
export const SHOT_LIST_MESSAGES = {
  nameRequired: "Please enter a name for your shot list",
  atLeastOneShot: "Please select at least 1 shot",
  createFailed: "Failed to create shot list. Please try again.",
  deleteFailed: "Failed to delete shotList. Please try again.",
  notFound: "Shot list not found",
  loadFailed: "Failed to load shot list",
  saveFailed: "Failed to save changes",
  shotNotFound: "Shot not found",
  sceneNotFound: "Scene not found",
  descriptionRequired: "Please add a description to generate an image",
  imageRequiredForCanvas: "Please upload or generate an image for this shot before exporting to canvas",
  onlyImages: "Only images can be used for a shot: please choose a PNG, JPEG, WebP or GIF file",
  deleteShotTitle: (n: number) => `Delete Shot #${n}`,
  deleteShotMessage: "Are you sure you want to delete this shot? This action cannot be undone.",
  deleteListMessage: (name: string) =>
    `Are you sure you want to delete "${name}"? This action cannot be undone and will remove all shots in this shot list.`,
  uploadFailed: (reason: string) => `Failed to upload image: ${reason}`,
  generateFailed: (reason: string) => `Failed to generate image: ${reason}`,
  uploadFallback: "Upload failed",
  generateFallback: "Image generation failed",
  insufficientCredits: "Insufficient credits. Please upgrade your plan.",
  /** Not in the spec: the answer to a save based on an older version; the editor merges and saves again. */
  changedElsewhere: "This shot list was changed in another window",
  mergedFromElsewhere: "Merged changes made in another window",
} as const;
