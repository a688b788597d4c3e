/**
 * Where an asset downloads from: the server names the file after the project and node (Content-Disposition,
 * server/http/projectAssetRoutes.ts), so a plain link with `download` saves "Rain Chase – Shot 2.png".
 */
export const assetDownloadUrl = (projectId: string, nodeId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/assets/${encodeURIComponent(nodeId)}/download`;
