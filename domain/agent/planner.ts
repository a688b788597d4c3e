import type { ElementType } from "../screenplay/elements";
import type { Position } from "../canvas/node";
import type { AgentPlan } from "./plan";
import type { SceneDraft } from "./scriptOffer";

/**
 * What a planner sees. Everything in it is data: node text and script lines are quoted to a model
 * as material to work with, never as instructions, and no planner has a tool that reaches the network or
 * files, so nothing written on the canvas can widen what the agent may do.
 */
export interface AgentNodeView {
  id: string;
  /** The node's content type: 'none' for an empty node. */
  kind: "none" | "text" | "image" | "video" | "audio" | "model3d";
  title: string;
  prompt?: string;
  /** A text node's text, cut to 500 characters. */
  text?: string;
  model?: string;
  aspectRatio?: string;
  /** The node holds generated or uploaded media. */
  hasMedia: boolean;
  position: Position;
}

export interface AgentSceneView {
  /** 1-based order in the script. */
  index: number;
  /** The scene number written on the heading, when there is one ('1A'). */
  number?: string;
  heading: string;
  lines: { type: ElementType; text: string; character?: string }[];
}

export interface AgentScriptView {
  id: string;
  name: string;
  scenes: AgentSceneView[];
}

/** A shot list as the agent reads it: its scenes and their shots, each with the prompt the shot list's own image button uses. */
export interface AgentShotListView {
  id: string;
  name: string;
  scenes: { index: number; title: string; location?: string; shots: { number: number; description: string; prompt: string }[] }[];
}

/** A library block as the agent reads it: what to call it and what goes in and comes out. */
export interface AgentBlockView {
  name: string;
  description: string;
  inputs: string[];
  outputs: string[];
}

export interface PlannerInput {
  /** The user's words, trimmed, at most AGENT_MESSAGE_MAX characters. */
  request: string;
  canvas: { nodes: AgentNodeView[]; edges: { source: string; target: string }[] };
  /** Selected node ids, in canvas order. */
  selection: string[];
  /** Nodes in the agent's context (the chips), in canvas order. */
  context: string[];
  scripts: AgentScriptView[];
  /** The asker's library blocks (issue 34, 3), by name (absent: none were read). */
  library?: AgentBlockView[];
  /** The project's shot lists (absent: none were read). */
  shotLists?: AgentShotListView[];
}

export interface PlannerAnswer {
  /** What the agent says: the plan's summary, or why it has none and what it can do. */
  reply: string;
  plan: AgentPlan | null;
  /** A scene the answer offers to write into a new script ("Write into a script"). */
  scriptOffer?: SceneDraft;
}

/** The planners' names, shown in the chat beside each answer. */
export const RULE_BASED_PLANNER = "Rule-based planner";
