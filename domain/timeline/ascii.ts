/**
 * Plain ASCII for formats that predate Unicode (a CMX 3600 EDL is read as bytes by tape-era tools and by
 * OpenTimelineIO's reader alike): typographic punctuation becomes its ASCII stand-in, accented letters lose
 * their accents, and anything else becomes "?" so a reader never meets a byte it cannot place.
 */

const STAND_INS: Record<string, string> = {
  "\u00b7": "-", // middle dot, the studio's label separator
  "\u2022": "-", // bullet
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-", // en dash
  "\u2014": "-", // em dash
  "\u2015": "-",
  "\u2212": "-", // minus sign
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2039": "'",
  "\u203a": "'",
  "\u2026": "...",
  "\u00a0": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\u00d7": "x",
  // Letters that carry no combining accent, so NFD leaves them whole.
  "\u00df": "ss",
  "\u00e6": "ae",
  "\u00c6": "AE",
  "\u0153": "oe",
  "\u0152": "OE",
  "\u00f8": "o",
  "\u00d8": "O",
  "\u0142": "l",
  "\u0141": "L",
  "\u0111": "d",
  "\u0110": "D",
  "\u00f0": "d",
  "\u00d0": "D",
  "\u00fe": "th",
  "\u00de": "TH",
  "\u0131": "i",
};

export function toAscii(text: string): string {
  return [...text.normalize("NFC")]
    .map((char) => {
      if (char <= "\u007f") return char;
      const standIn = STAND_INS[char];
      if (standIn !== undefined) return standIn;
      // "é" → "e" + a combining accent: keep the letter when everything after it is an accent.
      const [base, ...marks] = char.normalize("NFD");
      return base! <= "\u007f" && marks.every((m) => /\p{M}/u.test(m)) ? base! : "?";
    })
    .join("");
}
