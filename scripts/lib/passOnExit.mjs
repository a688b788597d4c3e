// A supervisor (systemd, Docker, pm2) restarts on failure only if it sees one: the launcher must end the
// way its server child ended, and say why.
import { constants } from "node:os";

/** What ended a child, as one line for the log. */
export function describeExit(name, code, signal) {
  if (signal) return `${name} was killed by ${signal}`;
  return code === 0 ? `${name} exited normally` : `${name} exited with code ${code}`;
}

/** The launcher's own exit status for a child's end: its code, or 128 + the signal number, as a shell reports it. */
export function exitStatusFor(code, signal) {
  if (signal) return 128 + (constants.signals[signal] ?? 0);
  return code ?? 1;
}

/** Ends this process the way `child` ends, after logging why (to stderr unless it ended normally). */
export function passOnExit(child, name) {
  child.on("exit", (code, signal) => {
    const line = describeExit(name, code, signal);
    if (code === 0 && !signal) console.log(line);
    else console.error(line);
    process.exit(exitStatusFor(code, signal));
  });
}
