/**
 * User text (shot names, the sequence name) goes into XML attributes. Markup characters are escaped, and
 * characters XML 1.0 forbids outright (most control characters, lone surrogates) are dropped: an NLE
 * refuses the whole file over one of them. Line breaks are kept as character references, since a parser
 * would otherwise fold them into spaces.
 */

const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, "").replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c]!);
}

/** `<name a="1" b="2"/>`, or with children; attributes left undefined are omitted. */
export function xmlElement(name: string, attributes: Record<string, string | undefined>, children: string[] = []): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (children.length === 0) return `<${name}${attrs}/>`;
  return `<${name}${attrs}>\n${children.map(indent).join("\n")}\n</${name}>`;
}

function indent(block: string): string {
  return block
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}
