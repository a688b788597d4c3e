import { Box, Download } from "lucide-react";

/**
 * The 3D view, in its own lazily loaded chunk. A full WebGL viewer (model-viewer/three) is the
 * Generation issue's work, when 3D models are produced; until then the file is offered for download.
 */
export default function ModelViewer({ url, title }: { url: string; title: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-[radial-gradient(circle_at_50%_40%,rgba(47,211,168,0.12),transparent_60%)] text-sm text-text-muted">
      <Box className="size-10 text-[#2fd3a8]" aria-hidden />
      <span>3D model</span>
      <a href={url} download={`${title}.glb`} className="nodrag inline-flex items-center gap-1 text-accent hover:underline">
        <Download className="size-3.5" /> Download
      </a>
    </div>
  );
}
