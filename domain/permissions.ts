import { z } from "zod";

/** A caller's standing on a project. Anything that is not owner or edit is treated as view (spec: shell 6). */
export const permissionSchema = z.enum(["owner", "edit", "view"]);
export type Permission = z.infer<typeof permissionSchema>;

export const memberPermissionSchema = z.enum(["edit", "view"]);
export type MemberPermission = z.infer<typeof memberPermissionSchema>;

export const canEdit = (p: Permission | null | undefined): boolean => p === "owner" || p === "edit";
export const isOwner = (p: Permission | null | undefined): boolean => p === "owner";
