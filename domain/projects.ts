import { z } from "zod";
import { MESSAGES } from "./errors";
import { emailSchema } from "./auth";
import { memberPermissionSchema, permissionSchema } from "./permissions";

export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 2000;

/** Names are trimmed; an empty name is refused with the spec's text. */
export const projectNameSchema = z
  .string({ error: MESSAGES.projectNameRequired })
  .trim()
  .min(1, MESSAGES.projectNameRequired)
  .max(PROJECT_NAME_MAX, `Project name must be at most ${PROJECT_NAME_MAX} characters`);

const descriptionSchema = z
  .string()
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`);

export const createProjectSchema = z.strictObject({
  name: projectNameSchema,
  description: descriptionSchema.optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const updateProjectSchema = z
  .strictObject({
    name: projectNameSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, "Nothing to update: send name or description");
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

export const projectIdSchema = z.uuid({ error: "Invalid project id" });

export const previewSchema = z.object({ url: z.string(), kind: z.enum(["image", "video"]) });
export type Preview = z.infer<typeof previewSchema>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string(),
  permission: permissionSchema,
  preview: previewSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({ projects: z.array(projectSchema) });

export const addMemberSchema = z.strictObject({
  email: emailSchema,
  permission: memberPermissionSchema,
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  permission: memberPermissionSchema,
  addedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
