/**
 * Words into lines of at most `perLine` characters, for text drawn where nothing wraps it (a generated
 * title card, an animatic's cards and captions); a word longer than a line is cut into pieces.
 */
export function wrapWords(words: readonly string[], perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const raw of words) {
    for (let word = raw; word.length > 0; word = word.slice(perLine)) {
      const piece = word.slice(0, perLine);
      if (line && line.length + 1 + piece.length > perLine) {
        lines.push(line);
        line = piece;
      } else line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) lines.push(line);
  return lines;
}
