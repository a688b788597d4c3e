import { collaborationMessages } from "../../domain/realtime";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { addMemberSchema, projectIdSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { addMember, listMembers, removeMember } from "../services/memberService";
import { parse } from "../validation";

const projectParams = z.object({ id: projectIdSchema });
const memberParams = z.object({ id: projectIdSchema, userId: z.string().min(1, "Invalid user id") });

/** Sharing is the owner's alone (policy action "manage"). */
export function registerMemberRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub) {
  app.get("/api/projects/:id/members", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    await authorizeProject(db, caller.id, id, "manage");
    return { members: await listMembers(db, id) };
  });

  app.post("/api/projects/:id/members", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const input = parse(addMemberSchema, request.body ?? {});
    await authorizeProject(db, caller.id, id, "manage");
    const member = await addMember(db, id, input);
    // A changed permission reaches their open sockets now, on every instance: presence shows everyone
    // whether they may edit.
    await hub.recheckUser(member.userId);
    // A new share (or a changed one) appears on their dashboard without a reload.
    await hub.notifyUser(member.userId, collaborationMessages.projects());
    reply.status(201);
    return member;
  });

  app.delete("/api/projects/:id/members/:userId", async (request) => {
    const caller = requireUser(request);
    const { id, userId } = parse(memberParams, request.params);
    await authorizeProject(db, caller.id, id, "manage");
    await removeMember(db, id, userId);
    // Their open live sockets on this project close now, on every instance.
    await hub.revokeAccess(id, userId);
    await hub.notifyUser(userId, collaborationMessages.projects());
    return { success: true };
  });
}
