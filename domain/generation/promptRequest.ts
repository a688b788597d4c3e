/**
 * What the offline Local Image Prompt Writer can do with a text: it turns an idea ("a
 * lighthouse in a storm") into a fuller image prompt. A request for writing or an answer ("Write a logline…",
 * "Summarize…", "What is a Dutch angle?") is not an idea: expanding it would only echo it inside a shot
 * description, so the writer says which model can answer instead.
 */

/** Verbs that ask for a piece of writing or an answer, at the start of the request. */
const REQUEST_VERBS =
  /^(please\s+)?(write|rewrite|summari[sz]e|explain|describe to me|tell me|give me|list|translate|outline|draft|compose|answer|suggest|brainstorm|help me|can you|could you|would you|make me a (logline|synopsis|treatment|script|story|outline|list))\b/i;
/** Questions: a question word first, or a question mark last. */
const QUESTION_START = /^(what|why|how|who|whom|whose|when|where|which|is|are|am|do|does|did|can|could|should|would|will|shall)\b/i;

/** True when `text` asks for writing or an answer rather than giving an idea for a picture. */
export function isRequestNotIdea(text: string): boolean {
  const t = text.trim().replace(/^["'“‘]+/, "");
  if (!t) return false;
  return REQUEST_VERBS.test(t) || QUESTION_START.test(t) || /\?\s*["'”’]?$/.test(t);
}

/** What the writer answers such a request with: which models can answer it, and where to get them. */
export const NOT_A_PROMPT_MESSAGE =
  "The Local Image Prompt Writer only turns an idea into an image prompt; it cannot answer a request or question. " +
  "To have it answered, choose Local LLM (GGUF) with a GGUF model added under Settings, or a hosted text model (add an OpenAI or Google Gemini API key in Settings).";
