import { useCallback } from "react";
import { toast } from "../ui";
import { dataAfterUpload, uploadFile } from "./upload";
import { useCanvasStore, useCommands } from "./store/useCanvas";
import { nearestAspectRatio } from "../../domain/canvas/aspectRatio";

/** Uploads a file into a node with the spec's toasts; the node shows the error when it fails. */
export function useNodeUpload() {
  const store = useCanvasStore();
  const commands = useCommands();
  return useCallback(
    async (nodeId: string, file: File) => {
      const toastId = toast.loading("Uploading file...");
      try {
        const result = await uploadFile(store.getState().projectId, nodeId, file);
        const node = store.getState().nodes.find((n) => n.id === nodeId);
        if (!node) return;
        const patch = dataAfterUpload(node.data, result, file.name);
        if (result.type === "image" || result.type === "video") {
          const ratio = await (result.type === "image" ? imageRatio(result.url) : videoRatio(result.url));
          const label = ratio ? nearestAspectRatio(ratio.w, ratio.h) : null;
          if (label) patch.aspectRatio = label;
        }
        commands.updateNodeData(nodeId, patch, { immediate: true });
        toast.success("Media uploaded to node successfully!", { id: toastId });
      } catch (err) {
        const message = err instanceof Error ? err.message : "Failed to upload file";
        commands.updateNodeData(nodeId, { status: "error", error: message });
        toast.error("Upload failed", { id: toastId, description: message });
      }
    },
    [store, commands],
  );
}

function imageRatio(url: string): Promise<{ w: number; h: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ w: img.naturalWidth, h: img.naturalHeight });
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

function videoRatio(url: string): Promise<{ w: number; h: number } | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => resolve(video.videoWidth ? { w: video.videoWidth, h: video.videoHeight } : null);
    video.onerror = () => resolve(null);
    video.src = url;
  });
}
