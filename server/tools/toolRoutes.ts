/**
 * Tool calls (spec canvas 7): the list with what this caller can run, a tool's schema, and a run on a node
 * (queued like a generation; its progress and result reach the canvas on the live channel).
 */
import type { FastifyInstance } from "fastify";
import { executeToolBodySchema, TOOL_MESSAGES, toolSchemaQuerySchema } from "../../domain/tools/api";
import { findTool } from "../../domain/tools/catalogue";
import { toolsForCaller } from "../generation/availability";
import { requireUser } from "../auth/session";
import { notFound } from "../errors";
import { parse } from "../validation";
import type { GenerationEngine } from "../generation/deps";
import { loraTrainingRunKind } from "./loraTraining";
import { toolRunKind } from "./toolRun";

export function registerToolRoutes(app: FastifyInstance, service: GenerationEngine) {
  app.get("/api/tools/available", async (request, reply) => {
    const caller = requireUser(request);
    const tools = await toolsForCaller(service.deps, caller.id);
    // spec canvas 7: no cache.
    reply.header("cache-control", "no-store");
    return { success: true, tools };
  });

  app.get("/api/tools/schema", async (request) => {
    requireUser(request);
    const { id } = parse(toolSchemaQuerySchema, request.query);
    const tool = findTool(id);
    if (!tool) throw notFound(`${TOOL_MESSAGES.unknownTool}: ${id}`);
    return {
      success: true,
      id: tool.id,
      name: tool.name,
      description: tool.description,
      groups: tool.groups ?? {},
      connected: tool.connected ?? [],
      ...tool.schema,
    };
  });

  app.post("/api/tools/execute", async (request, reply) => {
    const caller = requireUser(request);
    const body = parse(executeToolBodySchema, request.body ?? {});
    // A trainer's product is a model, not media: its own kind. An unknown tool is refused by either's prepare.
    const kind = findTool(body.toolId)?.training ? loraTrainingRunKind : toolRunKind;
    const generationId = await service.start(
      kind,
      { userId: caller.id, projectId: body.projectId, nodeId: body.nodeId },
      { toolId: body.toolId, parameters: body.parameters },
    );
    return reply.code(202).send({ success: true, generationId });
  });
}
