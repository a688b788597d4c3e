/**
 * The intents in the order they are tried. Narrow words before broad ones: a library block by name first, a shot list's frames, a storyboard or a character's
 * lines before tools, tools ("remove the background") before delete, the canvas edits (arrange, connect,
 * rename, ratio, model, delete, duplicate, run) before the intents that make something new, and among those
 * prompts ("expand this into a video prompt"), variations, video and 3D before a plain image.
 */
import { aspectIntent } from "./aspectIntent";
import { changeModelIntent } from "./changeModelIntent";
import { connectIntent } from "./connectIntent";
import { deleteIntent } from "./deleteIntent";
import { duplicateIntent } from "./duplicateIntent";
import { helpIntent } from "./helpIntent";
import { imageIntent } from "./imageIntent";
import type { Intent } from "./intent";
import { layoutIntent } from "./layoutIntent";
import { libraryBlockIntent } from "./libraryBlockIntent";
import { meshIntent } from "./meshIntent";
import { promptIntent } from "./promptIntent";
import { renameIntent } from "./renameIntent";
import { runIntent } from "./runIntent";
import { shotListIntent } from "./shotListIntent";
import { speechIntent } from "./speechIntent";
import { storyboardIntent } from "./storyboardIntent";
import { toolIntent } from "./toolIntent";
import { variationsIntent } from "./variationsIntent";
import { videoIntent } from "./videoIntent";

export const INTENTS: readonly Intent[] = [
  helpIntent,
  libraryBlockIntent,
  shotListIntent,
  storyboardIntent,
  speechIntent,
  toolIntent,
  layoutIntent,
  connectIntent,
  renameIntent,
  aspectIntent,
  changeModelIntent,
  deleteIntent,
  duplicateIntent,
  runIntent,
  promptIntent,
  variationsIntent,
  videoIntent,
  meshIntent,
  imageIntent,
];
