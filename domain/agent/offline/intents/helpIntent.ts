/** "What can you do?", "help", "hi": what the agent can do, with example requests. */
import { helpAnswer } from "../replies";
import type { Intent } from "./intent";

const HELP =
  /^(?:help|\?+|what can (?:you|i) (?:do|ask|say)|what do you do|what are you(?: able to do)?|who are you|how (?:do i|can i|to) use (?:you|this|the agent)|how does (?:this|it|the agent) work|how can you help|what are your (?:skills|capabilities|commands)|(?:list|show)(?: me)? (?:your )?(?:commands|examples|capabilities)|commands|examples|capabilities|hi|hello|hey)\b/;

export const helpIntent: Intent = {
  name: "help",
  matches: (req) => HELP.test(req.head) || /^\s*(?:hi|hello|hey|help)\W*$/.test(req.lower),
  plan: () => helpAnswer(),
};
