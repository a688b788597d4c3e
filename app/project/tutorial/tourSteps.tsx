import type { ReactNode } from "react";
import { Kbd } from "../../ui";
import type { Mode } from "../modes";

/** One step of the tour: the control it points at (`data-tour="…"`), the mode that shows it, and what to say. */
export interface TourStep {
  target: string;
  /** Switch to this mode first (the control lives there). */
  mode?: Mode;
  title: string;
  body: ReactNode;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    target: "modes",
    title: "Four modes, one project",
    body: (
      <>
        Scripts, Shot Lists, Assets and Canvas share this project. Switch here, or with <Kbd>Alt</Kbd>+<Kbd>1</Kbd>…<Kbd>4</Kbd>.
      </>
    ),
  },
  {
    target: "mode-scripts",
    title: "Write",
    body: <>Write screenplays formatted as Final Draft formats them. Import .fdx, .docx or .fountain; export FDX, Fountain or PDF.</>,
  },
  {
    target: "mode-shotLists",
    title: "Plan",
    body: <>Break a script down into shots with size, movement and an image each, then storyboard a scene on the canvas.</>,
  },
  {
    target: "mode-assets",
    title: "Everything you made",
    body: <>Every image, clip, sound and text you generate or upload, to preview, download or insert on the canvas.</>,
  },
  {
    target: "prompt",
    mode: "canvas",
    title: "Describe it, press Enter",
    body: (
      <>
        Type what you want and press <Kbd>Enter</Kbd>. With no node selected a new one is made in view and run; pick Image, Video, Audio or
        3D on the left.
      </>
    ),
  },
  {
    target: "canvas-tools",
    mode: "canvas",
    title: "Build a graph",
    body: (
      <>
        Add nodes, undo, run the whole graph, fit the view (<Kbd>Shift</Kbd>+<Kbd>1</Kbd>) or find a node (<Kbd>Ctrl</Kbd>+<Kbd>F</Kbd>).
        Connect one node's output into another so one result feeds the next.
      </>
    ),
  },
  {
    target: "agent",
    mode: "canvas",
    title: "Ask the agent",
    body: (
      <>Say what you need, e.g. “make a 4-shot storyboard of a chase in the rain”. It shows the plan and its cost before anything runs.</>
    ),
  },
  {
    target: "share",
    title: "Work together",
    body: <>Share the project by e-mail to view or edit. Everything saves as you go, and you see who else is here.</>,
  },
  {
    target: "credits",
    title: "Credits",
    body: <>Your balance. Hosted models cost credits, shown before every run; local models run on this studio's machine.</>,
  },
];
