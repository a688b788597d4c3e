/**
 * Hosted tools: fal.ai endpoints run through the same fal queue engine as the fal models (their ids are
 * fal's endpoint ids). Locked with 'Add a fal.ai key in Settings' until a key is set. Media parameters
 * (format 'uri' with a content media type) are filled from the node's own media and its connected nodes.
 */
import { LORA_TRAINER_ID } from "../generation/trainedModels";
import { enumParam, intParam, numberParam, textParam, toolSchema, type ToolDefinition } from "./toolTypes";

const image = (title: string, description?: string) => ({
  type: "string",
  format: "uri",
  contentMediaType: "image/*",
  title,
  ...(description ? { description } : {}),
});
const video = (title: string) => ({ type: "string", format: "uri", contentMediaType: "video/*", title });
const audio = (title: string) => ({ type: "string", format: "uri", contentMediaType: "audio/*", title });

/** A media slot that takes either kind (the node's own video or audio): a contentMediaType listing both. */
export const DUBBING_SOURCE_TYPES = "video/*,audio/*";
/** ElevenLabs dubbing's target languages (ISO 639-1). */
export const DUBBING_LANGUAGES = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "pl",
  "nl",
  "sv",
  "da",
  "fi",
  "no",
  "cs",
  "ro",
  "hu",
  "el",
  "tr",
  "ru",
  "uk",
  "ar",
  "hi",
  "ta",
  "id",
  "ms",
  "fil",
  "vi",
  "ja",
  "ko",
  "zh",
] as const;

export const HOSTED_TOOLS: ToolDefinition[] = [
  {
    id: "fal-ai/clarity-upscaler",
    name: "Image Upscaler",
    category: "Image",
    description: "Upscales and sharpens with a diffusion model; a prompt can guide the new detail.",
    provider: "fal",
    accepts: ["image"],
    output: { kind: "replace", type: "image" },
    schema: toolSchema(
      "ClarityUpscaler",
      {
        image_url: image("Image"),
        prompt: textParam("Prompt", "masterpiece, best quality, highres"),
        upscale_factor: numberParam("Upscale factor", 1, 4, 2, { multipleOf: 1, description: "1x to 4x" }),
        creativity: numberParam("Creativity", 0, 1, 0.35, { multipleOf: 0.05 }),
        resemblance: numberParam("Resemblance", 0, 1, 0.6, { multipleOf: 0.05 }),
        guidance_scale: numberParam("Guidance scale", 0, 20, 4),
        num_inference_steps: intParam("Steps", 4, 50, 18),
        seed: intParam("Seed", 0, 2147483647, 0),
      },
      ["image_url"],
    ),
    // spec canvas 5 upscaler table.
    groups: {
      image_url: "omit",
      upscale_factor: "basic",
      prompt: "basic",
      creativity: "basic",
      resemblance: "advanced",
      guidance_scale: "advanced",
      num_inference_steps: "advanced",
      seed: "advanced",
    },
    credits: 30,
  },
  {
    id: "fal-ai/face-swap",
    name: "Face Swap",
    category: "Image",
    description: "Puts the face from a connected image onto the people in this one.",
    provider: "fal",
    accepts: ["image"],
    connected: [{ name: "swap_image_url", type: "image", required: true }],
    output: { kind: "replace", type: "image" },
    schema: toolSchema(
      "FaceSwap",
      { base_image_url: image("Base image"), swap_image_url: image("Face to use", "The image whose face is swapped in") },
      ["base_image_url", "swap_image_url"],
    ),
    // spec canvas 5 face swap table: the base is the node's own image.
    groups: { base_image_url: "omit", swap_image_url: "basic" },
    credits: 20,
  },
  {
    id: "fal-ai/bria/background/replace",
    name: "Background Replace",
    category: "Image",
    description: "Replaces the background of any picture with one described in words.",
    provider: "fal",
    accepts: ["image"],
    output: { kind: "replace", type: "image" },
    schema: toolSchema(
      "BackgroundReplace",
      {
        image_url: image("Image"),
        prompt: textParam("Background", "a quiet studio with soft light", "Describe the new background"),
        negative_prompt: textParam("Avoid", ""),
        num_images: intParam("Background variations", 1, 8, 1),
        seed: intParam("Seed", 0, 2147483647, 0),
      },
      ["image_url", "prompt"],
    ),
    // spec canvas 5 replace-background table.
    groups: { image_url: "omit", prompt: "basic", num_images: "basic", negative_prompt: "advanced", seed: "advanced" },
    credits: 40,
  },
  {
    id: "fal-ai/wan-22-vace-fun-a14b/outpainting",
    name: "Extend Video Frame",
    category: "Video",
    description:
      "Outpaints the video beyond its edges (Wan 2.2 VACE): wider, taller or a new aspect ratio, the new areas described in words.",
    provider: "fal",
    accepts: ["video"],
    output: { kind: "replace", type: "video" },
    schema: toolSchema(
      "VideoOutpainting",
      {
        video_url: video("Video"),
        prompt: textParam("Prompt", "the same scene continuing naturally beyond the frame", "What the new areas around the frame show"),
        aspect_ratio: enumParam("Aspect ratio", ["auto", "16:9", "1:1", "9:16"], "auto"),
        expand_left: { type: "boolean", title: "Extend left", default: true },
        expand_right: { type: "boolean", title: "Extend right", default: true },
        expand_top: { type: "boolean", title: "Extend top", default: false },
        expand_bottom: { type: "boolean", title: "Extend bottom", default: false },
        expand_ratio: numberParam("Amount", 0, 1, 0.25, {
          multipleOf: 0.05,
          description: "0.25 adds 25% of the frame on each chosen side",
        }),
        resolution: enumParam("Video resolution", ["480p", "580p", "720p"], "720p"),
        num_frames: intParam("Number of frames", 81, 241, 81),
        frames_per_second: intParam("Frames per second", 5, 30, 16),
        negative_prompt: textParam("Avoid", "letterboxing, borders, black bars, blurred details"),
        num_inference_steps: intParam("Steps", 2, 40, 30),
        seed: intParam("Seed", 0, 2147483647, 0),
      },
      ["video_url", "prompt"],
    ),
    // Video outpainting table: what to show and which sides to grow up front, the render settings below.
    groups: {
      video_url: "omit",
      prompt: "basic",
      aspect_ratio: "basic",
      expand_left: "basic",
      expand_right: "basic",
      expand_top: "basic",
      expand_bottom: "basic",
      expand_ratio: "basic",
      resolution: "advanced",
      num_frames: "advanced",
      frames_per_second: "advanced",
      negative_prompt: "advanced",
      num_inference_steps: "advanced",
      seed: "advanced",
    },
    credits: 400,
  },
  {
    id: LORA_TRAINER_ID,
    name: "LoRA Trainer (Flux)",
    category: "Trainer",
    description:
      "Teaches Flux a character, product or style from this image and at least three connected ones; the result is a model you pick in the model list.",
    provider: "fal",
    accepts: ["image"],
    // The training set: this node's picture and every connected picture (at least 4 in all).
    connected: [{ name: "images_data_url", type: "image", required: true, multiple: true, min: 3 }],
    output: { kind: "replace", type: "image" },
    training: true,
    schema: toolSchema(
      "LoraTraining",
      {
        images_data_url: {
          type: "string",
          format: "uri",
          contentMediaType: "application/zip",
          title: "Training images",
          description: "A zip of the images, made from the node and its connected nodes",
        },
        lora_name: textParam("Model name", "My character", "How the trained model is listed"),
        trigger_word: textParam("Trigger word", "TOK", "A made-up word the prompt uses to call up what was trained"),
        is_style: {
          type: "boolean",
          title: "Train a style",
          default: false,
          description: "A look rather than one subject: no face masks, no trigger word needed",
        },
        steps: intParam("Training steps", 100, 10000, 1000, "More steps learn more and take longer"),
        create_masks: { type: "boolean", title: "Face masks", default: true, description: "Focus training on the faces in the images" },
      },
      ["images_data_url", "lora_name"],
    ),
    // LoRA training table: what is trained and what it is called up front, the training setup below.
    groups: {
      images_data_url: "omit",
      lora_name: "basic",
      trigger_word: "basic",
      is_style: "basic",
      steps: "advanced",
      create_masks: "advanced",
    },
    credits: 2000,
  },
  {
    id: "fal-ai/sync-lipsync",
    name: "Lip Sync",
    category: "Video",
    description: "Moves the lips in the video to match a connected audio node.",
    provider: "fal",
    accepts: ["video"],
    connected: [{ name: "audio_url", type: "audio", required: true }],
    output: { kind: "replace", type: "video" },
    schema: toolSchema(
      "LipSync",
      {
        video_url: video("Video"),
        audio_url: audio("Audio"),
        sync_mode: enumParam("When lengths differ", ["cut_off", "loop", "bounce"], "cut_off"),
      },
      ["video_url", "audio_url"],
    ),
    credits: 100,
  },
  {
    id: "elevenlabs/dubbing",
    name: "Voice Dubbing",
    category: "Audio",
    description: "ElevenLabs dubbing: the speech in this video or audio translated into another language, in the speakers' own voices.",
    provider: "elevenlabs",
    accepts: ["video", "audio"],
    // The dubbed file is the same kind as the source: a video stays a video, audio stays audio.
    output: { kind: "replace", type: "video" },
    schema: toolSchema(
      "Dubbing",
      {
        source_url: { type: "string", format: "uri", contentMediaType: DUBBING_SOURCE_TYPES, title: "Source" },
        target_lang: enumParam("Dub into", DUBBING_LANGUAGES, "es"),
        source_lang: enumParam("Spoken language", ["auto", ...DUBBING_LANGUAGES], "auto"),
        num_speakers: intParam("Speakers", 0, 20, 0, "0 detects the number of speakers"),
        drop_background_audio: {
          type: "boolean",
          title: "Drop background audio",
          default: false,
          description: "Better for speeches and interviews; leave off for films",
        },
        highest_resolution: { type: "boolean", title: "Highest resolution", default: false },
        watermark: { type: "boolean", title: "Watermark", default: false, description: "Plans without video dubbing rights require it" },
      },
      ["source_url", "target_lang"],
    ),
    // Dubbing table: the language pair and speaker count up front, the mix and delivery settings below.
    groups: {
      source_url: "omit",
      target_lang: "basic",
      source_lang: "basic",
      num_speakers: "basic",
      drop_background_audio: "advanced",
      highest_resolution: "advanced",
      watermark: "advanced",
    },
    credits: 150,
  },
  {
    id: "runway/act-two",
    name: "Character Control",
    category: "Video",
    description: "Runway Act Two: the character in this image acts out a connected performance video.",
    provider: "runway",
    accepts: ["image"],
    connected: [{ name: "reference", type: "video", required: true }],
    output: { kind: "new-node", type: "video" },
    // spec canvas 5: character control forces character, reference, model, ratio, bodyControl and
    // expressionIntensity (defaults model 'act_two', ratio '1280:720', expressionIntensity 3).
    schema: toolSchema(
      "CharacterControl",
      {
        character: image("Character"),
        reference: video("Performance video"),
        model: enumParam("Model", ["act_two"], "act_two"),
        ratio: enumParam("Ratio", ["1280:720", "720:1280", "960:960", "1104:832", "832:1104", "1584:672"], "1280:720"),
        bodyControl: { type: "boolean", title: "Body control", default: true, description: "Transfer body motion as well as the face" },
        expressionIntensity: intParam("Expression intensity", 1, 5, 3),
      },
      ["character", "reference"],
    ),
    credits: 250,
  },
];
