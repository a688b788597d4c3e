/**
 * Speech with the offline voice model (local/tts-flite): "voice Nell's lines in scene 2 of Pilot" (one audio
 * node per line, its text the line, in a column; several characters get different voices unless one is
 * asked), "say 'We open on the harbour' in a male voice", "voice this text" (an audio node connected from
 * each picked text node). "Read aloud" without a script is the Read aloud tool (toolIntent).
 */
import type { AgentScriptView } from "../../planner";
import { PlanBuilder } from "../planBuilder";
import { count, firstWords, noPlan, runsPhrase, titles } from "../replies";
import { cleanPhrase } from "../requestText";
import { charactersIn, charactersOf, namesScene, sameCharacter, sceneIn, scriptIn } from "../scriptRefs";
import { subjectsOf } from "../subjects";
import { speechSpeedIn, voiceIn, type FliteVoice } from "../voiceChoices";
import type { Intent, IntentContext } from "./intent";
import { wholeText } from "./wording";

const SPEECH_WORD =
  /\b(?:voice ?-?overs?|voiceovers?|voice|voiced|say|saying|speak|spoken|speech|narrat(?:e|ion|or)|tts|text[- ]to[- ]speech|dub|table read|lines|dialogue)\b/;
const READ_ALOUD = /\bread\b.{0,40}\b(?:aloud|out loud|out)\b/;
const SPEECH_VERB =
  /^(?:voice|say|speak|narrate|record|dub|read|make|create|generate|add|give me|turn|convert|i need|i want|need|want)\b|^(?:an?\s+)?(?:voice ?-?over|voiceover|narration)\b/;
const LINES_WORD = /\b(?:lines?|dialogue|dialog|parts?|says|speeches)\b/;
const MODEL = "local/tts-flite";
const MAX_LINES = 100;
/** Voices given to several characters in turn when no voice is asked: clear ones first. */
const CAST_VOICES: readonly FliteVoice[] = ["slt", "rms", "awb", "kal16", "kal"];

export const speechIntent: Intent = {
  name: "speech",
  matches: (req) => SPEECH_WORD.test(req.lower) || READ_ALOUD.test(req.lower),
  plan(ctx) {
    const { req } = ctx;
    const lines = scriptLines(ctx);
    if (lines) return lines;
    if (READ_ALOUD.test(req.lower)) return null;
    const voice = voiceIn(req.lower);
    const speed = speechSpeedIn(req.lower);
    const settings = { ...(voice ? { voice } : {}), ...(speed ? { speed } : {}) };
    const shape = `Local Speech${voice ? `, voice ${voice}` : ""}${speed ? `, speed ${speed}` : ""}`;
    const plan = new PlanBuilder();

    const said = spokenText(req.text, req.lower, req.quoted);
    if (said) {
      const ref = plan.addNode("say", "audio", {
        title: `Voice: ${firstWords(said, 36)}`,
        model: MODEL,
        parameters: { text: said, ...settings },
      });
      plan.run(ref);
      return plan.answer(`Adds an audio node that says "${firstWords(said, 60)}" (${shape}) and ${runsPhrase(plan.runs)}.`);
    }
    const texts = subjectsOf(ctx.input, req, ["text"]).nodes.filter((t) => (t.text ?? "").trim());
    if (!texts.length) {
      // Only a request that asks for speech gets the question; "normalise the voiceover" is another intent's.
      if (!SPEECH_VERB.test(req.head)) return null;
      return noPlan(
        `What should be said? Select a text node (or add one to the agent's context), or write it: "Say 'We open on the harbour' in a male voice".`,
      );
    }
    for (const t of texts) {
      const whole = wholeText(t);
      // A long text is read from the connected node whole (the view holds only its first 500 characters).
      const ref = plan.addNode(
        "voice",
        "audio",
        { title: `${t.title} · voice`, model: MODEL, parameters: { ...(whole ? { text: whole } : {}), ...settings } },
        { inputs: [t.id] },
      );
      plan.run(ref);
    }
    return plan.answer(
      `Adds ${texts.length === 1 ? "an audio node" : count(texts.length, "audio")} speaking the text of ${titles(texts)} (${shape}), connected from ${texts.length === 1 ? "it" : "them"}, and ${runsPhrase(plan.runs)}.`,
    );
  },
};

/** The words to say when the request gives them: a quote, or what follows "say"/"saying"/":". */
function spokenText(text: string, lower: string, quoted: readonly string[]): string {
  if (quoted[0]?.trim()) return quoted[0].trim();
  const m = /\b(?:say|says|saying|speak|reading|that goes|narrating)\b[\s:]+|\b(?:voice ?-?over|voiceover|narration)\s*:\s*/.exec(lower);
  if (!m) return "";
  const rest = text.slice(m.index + m[0].length).replace(/\s*,?\s*\b(?:in|with|using) an? [a-z' -]{0,30}\bvoice\b.*$/i, "");
  const said = cleanPhrase(rest);
  return /^(?:this|that|it|these|those|them|the (?:selected|text|note)s?)$/i.test(said) ? "" : said;
}

/** "Voice Nell's lines (in scene 2) (of Pilot)", "voice scene 2": one audio node per dialogue line. */
function scriptLines({ input, req }: IntentContext) {
  const named = input.scripts.length ? scriptIn(input, req) : undefined;
  const scripts: AgentScriptView[] = named && "script" in named ? [named.script] : input.scripts;
  for (const script of scripts) {
    const scene = namesScene(req.lower) ? sceneIn(script, req.lower) : undefined;
    // A name alone ("a voiceover about Nell") is not a request for her lines: "Nell's", "lines" or "says" is.
    const people = LINES_WORD.test(req.lower) || /'s\b/.test(req.lower) ? charactersIn(charactersOf(script.scenes), req.lower) : [];
    if (!people.length && !(scene && /\b(?:voice|lines|dialogue|table read|read)\b/.test(req.lower))) continue;
    const scenes = scene ? [scene] : script.scenes;
    const lines = scenes.flatMap((s) =>
      s.lines.filter(
        (l) => l.type === "dialogue" && l.text.trim() && (!people.length || people.some((p) => sameCharacter(l.character, p))),
      ),
    );
    const where = `${scene ? `scene ${scene.number ?? scene.index} of ` : ""}"${script.name}"`;
    if (!lines.length)
      return noPlan(`${people.length ? people.join(" and ") : "Nobody"} ${people.length === 1 ? "has" : "have"} no lines in ${where}.`);
    const asked = voiceIn(req.lower);
    const speed = speechSpeedIn(req.lower);
    const cast = new Map<string, FliteVoice>();
    const voiceOf = (who: string) => {
      const key = who
        .toLowerCase()
        .replace(/\s*\(.*\)\s*$/, "")
        .trim();
      if (!cast.has(key)) cast.set(key, asked ?? CAST_VOICES[cast.size % CAST_VOICES.length]!);
      return cast.get(key)!;
    };
    const plan = new PlanBuilder();
    const used = lines.slice(0, MAX_LINES);
    used.forEach((line, i) => {
      const who = line.character?.trim() || "Line";
      const ref = plan.addNode("line", "audio", {
        title: `${who} ${i + 1}: ${firstWords(line.text, 28)}`,
        model: MODEL,
        parameters: { text: line.text, voice: voiceOf(who), ...(speed ? { speed } : {}) },
      });
      plan.run(ref);
    });
    plan.layout(plan.added, "column");
    const voices = [...cast].map(([who, v]) => `${who.toUpperCase()} ${v}`).join(", ");
    const more = lines.length > used.length ? ` The first ${MAX_LINES} of ${lines.length} lines; ask again for the rest.` : "";
    const whose = people.length ? `of ${people.join(" and ")} ` : "";
    const what =
      used.length === 1
        ? `an audio node for the line ${whose}`
        : `${count(used.length, ["audio node", "audio nodes"])}, one per line ${whose}`;
    return plan.answer(`Adds ${what}in ${where} (Local Speech, voices: ${voices}), in a column, and ${runsPhrase(plan.runs)}.${more}`);
  }
  return null;
}
