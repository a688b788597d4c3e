/** The library of reusable blocks (issue 34, 3) as the app calls it; errors are ApiErrors with the server's words. */
import type { LibraryBlockSummary, PreparedBlock, SaveBlockRequest } from "../../domain/library/api";
import { api } from "../api/client";

/** The query key of one's own block list (saving or deleting a block refreshes it). */
export const LIBRARY_KEY = ["library-blocks"] as const;

export const listBlocks = async () => (await api<{ blocks: LibraryBlockSummary[] }>("GET", "/api/library/blocks")).blocks;

export const saveBlock = (body: Pick<SaveBlockRequest, "projectId" | "nodeId" | "name"> & { description?: string }) =>
  api<LibraryBlockSummary>("POST", "/api/library/blocks", body);

export const deleteBlock = (id: string) => api<void>("DELETE", `/api/library/blocks/${id}`);

/** The block ready to insert into the project, and what of it will not run here. */
export const prepareBlock = (projectId: string, blockId: string) =>
  api<PreparedBlock>("POST", `/api/projects/${projectId}/library/${blockId}/prepare`);
