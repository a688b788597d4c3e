/** Requests the agent does not claim: the right answer is no plan and a helpful reply. */
import { CLIP, HARBOUR, IDEA } from "../../../domain/agent/offline/testCanvas";
import { type AgentCase, sel, studio } from "./spec";

export const outOfScopeCases: readonly AgentCase[] = [
  // --- out of scope: a helpful answer, no plan -----------------------------------------------------------
  { id: "oos-weather", scope: "out-of-scope", request: "what's the weather in Cannes tomorrow?", canvas: studio() },
  { id: "oos-translate", scope: "out-of-scope", request: "translate this note into French", canvas: sel(IDEA.id) },
  { id: "oos-email", scope: "out-of-scope", request: "email the cut to my editor", canvas: sel(CLIP.id) },
  { id: "oos-screenplay", scope: "out-of-scope", request: "write me a screenplay about pirates", canvas: studio() },
  { id: "oos-music", scope: "out-of-scope", request: "compose an orchestral soundtrack for the trailer", canvas: studio() },
  { id: "oos-box-office", scope: "out-of-scope", request: "how much did Jaws make at the box office?", canvas: studio() },
  { id: "oos-export-pdf", scope: "out-of-scope", request: "export the project as a PDF", canvas: studio() },
  { id: "oos-account", scope: "out-of-scope", request: "delete my account", canvas: studio() },
  { id: "oos-vague", scope: "out-of-scope", request: "make it pop", canvas: sel(HARBOUR.id) },
  { id: "oos-budget", scope: "out-of-scope", request: "estimate the budget for scene 2", canvas: studio() },
  { id: "oos-schedule", scope: "out-of-scope", request: "schedule the shoot for next Tuesday", canvas: studio() },
  { id: "oos-gibberish", scope: "out-of-scope", request: "asdf qwerty zxcv", canvas: studio() },
  { id: "b2-oos-casting", scope: "out-of-scope", request: "find me an actor who looks like Nell", canvas: studio() },
  { id: "b2-oos-color-theory", scope: "out-of-scope", request: "explain the rule of thirds", canvas: studio() },
  { id: "b2-oos-login", scope: "out-of-scope", request: "change my password", canvas: studio() },
];
