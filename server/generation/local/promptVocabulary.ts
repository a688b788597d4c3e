/**
 * Film-making vocabulary for the Local Image Prompt Writer, per target medium. Each list is a menu the writer
 * picks from with the seed, so a rerun with the same seed writes the same prompt.
 */
export type PromptTarget = "image" | "video" | "audio" | "3d";

export interface Vocabulary {
  /** Slot name → choices; slots are written in this order. */
  slots: ReadonlyArray<{ label: string; choices: readonly string[] }>;
  /** How the subject is introduced ("A wide establishing shot of …"). */
  lead: readonly string[];
}

const MOODS = ["melancholic", "hopeful", "tense", "dreamlike", "serene", "ominous", "playful", "nostalgic", "triumphant", "intimate"].map(
  (m) => `${m} mood`,
);

export const VOCABULARY: Readonly<Record<PromptTarget, Vocabulary>> = {
  image: {
    lead: [
      "A wide establishing shot of",
      "A medium close-up of",
      "An over-the-shoulder shot of",
      "A low-angle hero shot of",
      "A high-angle overhead shot of",
      "An extreme close-up of",
      "A full shot of",
      "A Dutch-angle shot of",
    ],
    slots: [
      {
        label: "lighting",
        choices: [
          "soft golden-hour backlight",
          "low-key chiaroscuro lighting",
          "diffused overcast light",
          "hard noon sun with crisp shadows",
          "neon practicals and wet reflections",
          "moonlight with cool blue fill",
          "candlelight with warm falloff",
          "volumetric light through haze",
        ],
      },
      {
        label: "lens",
        choices: [
          "35mm lens at f/2",
          "85mm portrait lens at f/1.4",
          "24mm wide-angle lens",
          "anamorphic 40mm with oval bokeh",
          "50mm lens at f/2.8",
          "135mm telephoto compression",
          "macro 100mm lens",
        ],
      },
      { label: "mood", choices: MOODS },
      {
        label: "palette",
        choices: [
          "teal and orange grade",
          "muted earth tones",
          "high-contrast monochrome",
          "pastel palette",
          "saturated primaries",
          "desaturated cold tones",
          "warm amber and deep shadow",
        ],
      },
      {
        label: "texture",
        choices: [
          "fine 35mm film grain",
          "clean digital finish",
          "Kodak Portra 400 look",
          "subtle halation",
          "matte painting detail",
          "shallow depth of field",
        ],
      },
    ],
  },
  video: {
    lead: [
      "Opening on",
      "A slow push-in on",
      "A tracking shot following",
      "A handheld shot of",
      "A crane shot rising over",
      "A locked-off wide of",
      "A drone shot circling",
      "A whip-pan revealing",
    ],
    slots: [
      {
        label: "camera",
        choices: [
          "slow dolly-in",
          "gentle truck left",
          "steady crane up",
          "orbiting steadicam move",
          "static tripod frame",
          "rack focus from foreground to subject",
          "subtle handheld drift",
        ],
      },
      {
        label: "lighting",
        choices: [
          "golden-hour backlight",
          "low-key practical lighting",
          "flickering firelight",
          "cool moonlight",
          "overcast soft light",
          "neon signage spill",
          "harsh top light",
        ],
      },
      {
        label: "pacing",
        choices: ["unhurried pacing", "brisk rhythm", "lingering beats", "real-time continuous take", "slow motion at 48 fps"],
      },
      { label: "mood", choices: MOODS },
      {
        label: "lens",
        choices: [
          "anamorphic 2.39:1 framing",
          "24mm wide lens",
          "50mm natural perspective",
          "85mm shallow focus",
          "vintage spherical glass",
        ],
      },
    ],
  },
  audio: {
    lead: ["A voice line of", "A narration about", "A spoken moment of", "A soundscape for", "A line delivered about"],
    slots: [
      {
        label: "delivery",
        choices: [
          "calm and measured delivery",
          "warm conversational tone",
          "urgent whisper",
          "confident announcer voice",
          "weary, half-spoken delivery",
          "bright and energetic read",
        ],
      },
      { label: "pacing", choices: ["slow pacing with pauses", "natural pace", "quick, clipped pacing", "rising intensity"] },
      {
        label: "ambience",
        choices: [
          "quiet room tone",
          "distant city hum",
          "rain on windows",
          "wind through trees",
          "crackling fireplace",
          "soft ocean waves",
        ],
      },
      { label: "mood", choices: MOODS },
      { label: "microphone", choices: ["close-miked and intimate", "roomy and natural", "radio-filtered", "studio-clean"] },
    ],
  },
  "3d": {
    lead: ["A 3D model of", "A game-ready asset of", "A sculpted figure of", "A stylised 3D prop of", "A detailed 3D object of"],
    slots: [
      {
        label: "style",
        choices: [
          "stylised low-poly",
          "realistic PBR",
          "hand-painted look",
          "clay render style",
          "hard-surface sci-fi",
          "toy-like proportions",
        ],
      },
      {
        label: "materials",
        choices: ["weathered metal and wood", "polished ceramic", "brushed aluminium", "mossy stone", "glossy plastic", "frosted glass"],
      },
      { label: "topology", choices: ["clean quad topology", "optimised for real time", "watertight mesh", "mid-poly with bevelled edges"] },
      {
        label: "presentation",
        choices: ["centred on a neutral turntable", "front three-quarter view", "soft studio lighting", "standing on the ground plane"],
      },
    ],
  },
};
