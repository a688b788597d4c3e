import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { projectKeys } from "../api/projects";
import { openLiveSocket } from "../live/projectSocket";

/**
 * Keeps the dashboard's project list live: the user's own channel (`/api/live`) says when
 * the projects shared with them changed, and the list is read again, so a new share appears in Shared with
 * me without a reload. After a reconnect it is read again too (news may have been missed meanwhile).
 */
export function useProjectListLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.all, exact: true });
    const live = openLiveSocket("/api/live", {
      opened: (_socket, again) => {
        live.healthy();
        if (again) refresh();
      },
      message: (data) => {
        if ((JSON.parse(data) as { type: string }).type === "projects") refresh();
      },
    });
    return () => live.close();
  }, [queryClient]);
}
