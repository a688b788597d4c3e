import { useState } from "react";
import { Button, Dialog, Kbd } from "../ui";

const STEPS = [
  {
    title: "Four modes, one project",
    body: (
      <>
        Switch between Scripts, Shot Lists, Assets and Canvas with the tabs, or with <Kbd>Alt</Kbd>+<Kbd>1</Kbd>…<Kbd>4</Kbd>.
      </>
    ),
  },
  {
    title: "Write",
    body: <>Scripts holds your screenplays: write like Final Draft, import .fdx, .docx or .fountain and export FDX, Fountain or PDF.</>,
  },
  {
    title: "Plan",
    body: <>Shot Lists break scenes into shots with size, movement and an image each; send a shot to the canvas when it is ready.</>,
  },
  {
    title: "Generate",
    body: (
      <>
        On the Canvas, nodes hold text, images, video, audio and 3D. Connect them so one result feeds the next, then run a model on a node.
      </>
    ),
  },
  {
    title: "Share",
    body: <>Owners share a project by e-mail as view or edit. Everything saves as you go.</>,
  },
];

export function TutorialDialog({ open, onOpenChange }: { open: boolean; onOpenChange(o: boolean): void }) {
  const [step, setStep] = useState(0);
  const current = STEPS[step]!;
  const last = step === STEPS.length - 1;
  const close = (o: boolean) => {
    if (!o) setStep(0);
    onOpenChange(o);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={current.title}
      description={`Step ${step + 1} of ${STEPS.length}`}
      footer={
        <div className="flex w-full justify-between">
          <Button variant="ghost" onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
            Back
          </Button>
          <Button variant="primary" onClick={() => (last ? close(false) : setStep((s) => s + 1))}>
            {last ? "Start creating" : "Next"}
          </Button>
        </div>
      }
    >
      <p className="leading-relaxed text-text">{current.body}</p>
    </Dialog>
  );
}
