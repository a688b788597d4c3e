/**
 * Small helpers over fast-xml-parser's ordered output (`preserveOrder: true`), which keeps paragraph order
 * and mixed content: every node is `{ [tag]: children[], ":@"?: attributes }` or `{ "#text": string }`.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Text is content: keep its spaces and never turn '1' into a number.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // Decodes numeric references (&#233;) as well as the five XML entities.
  htmlEntities: true,
});

/** Parses well-formed XML into ordered nodes; null when the text is not well-formed XML. */
export function parseXmlOrdered(xml: string): XmlNode[] | null {
  const text = xml.replace(/^\uFEFF/, "");
  if (text.trim() === "" || XMLValidator.validate(text) !== true) return null;
  try {
    return parser.parse(text) as XmlNode[];
  } catch {
    return null;
  }
}

/** The node's tag name ('#text' for text nodes), or null for declarations and comments. */
export function tagOf(node: XmlNode): string | null {
  const key = Object.keys(node).find((k) => k !== ":@");
  return key === undefined || key.startsWith("?") || key.startsWith("!") ? null : key;
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const value = tag === null ? undefined : node[tag];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

export function attrOf(node: XmlNode, name: string): string | undefined {
  const attrs = node[":@"] as Record<string, unknown> | undefined;
  const value = attrs?.[name];
  return typeof value === "string" ? value : undefined;
}

/** Element children with the given tag, in order. */
export function childElements(node: XmlNode, tag: string): XmlNode[] {
  return childrenOf(node).filter((c) => tagOf(c) === tag);
}

/** All text below the node, in document order. */
export function textOf(node: XmlNode): string {
  if (typeof node["#text"] === "string") return node["#text"];
  return childrenOf(node).map(textOf).join("");
}

// XML 1.0 cannot carry most C0 controls, even escaped; they are dropped.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXmlText(text: string): string {
  return text.replace(INVALID_XML_CHARS, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

export function escapeXmlAttr(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}
