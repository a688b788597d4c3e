/**
 * The document furniture Final Draft writes after Content (notes §2) and the script format it carries
 * (format.ts): header with the page number, PageLayout (page size, margins, break at sentences), one
 * ElementSettings per element type (font, size, style, alignment, indents, space before, spacing; Enter flow
 * from Final Draft's own ReturnKey), MoresAndContinueds and the SmartType lists. Reading takes what the
 * file says; writing writes the resolved format, so settings survive an FDX round trip.
 */
import type { ScreenplayElement } from "./elements";
import { ELEMENT_TYPES, type ElementType } from "./elementTypes";
import { resolveFormat, type Continueds, type ElementStyle, type PageLayout, type ScriptFormat } from "./format";
import { SCENE_SUGGESTIONS, characterName } from "./flow";
import { sceneLocation } from "./sceneHeading";
import { attrOf, childElements, escapeXmlAttr, escapeXmlText, type XmlNode } from "./xml";

/** FDX ElementSettings Type of each element type, with its Enter flow and shortcut. */
const FDX_ELEMENT: Readonly<Record<ElementType, { type: string; returnKey: string; shortcut: number }>> = {
  slug: { type: "Scene Heading", returnKey: "Action", shortcut: 1 },
  action: { type: "Action", returnKey: "Action", shortcut: 2 },
  character: { type: "Character", returnKey: "Dialogue", shortcut: 3 },
  dialogue: { type: "Dialogue", returnKey: "Action", shortcut: 4 },
  parenthetical: { type: "Parenthetical", returnKey: "Dialogue", shortcut: 5 },
  transition: { type: "Transition", returnKey: "Scene Heading", shortcut: 6 },
  shot: { type: "Shot", returnKey: "Action", shortcut: 7 },
};

const num = (v: string | undefined): number | undefined => {
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};
const yesNo = (v: string | undefined): boolean | undefined => (v === undefined ? undefined : v.toLowerCase() === "yes");
const text = (v: string | undefined): string | undefined => v;

function defined<T extends object>(o: T): Partial<T> | undefined {
  const out = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  return Object.keys(out).length ? out : undefined;
}

function readElementStyle(settings: XmlNode): Partial<ElementStyle> | undefined {
  const font = childElements(settings, "FontSpec")[0];
  const para = childElements(settings, "ParagraphSpec")[0];
  const style = font ? attrOf(font, "Style") : undefined;
  const styles = style === undefined ? undefined : new Set(style.split("+").map((x) => x.trim().toLowerCase()));
  const align = para ? attrOf(para, "Alignment")?.toLowerCase() : undefined;
  return defined<Partial<ElementStyle>>({
    font: font ? text(attrOf(font, "Font")) : undefined,
    size: font ? num(attrOf(font, "Size")) : undefined,
    allCaps: styles?.has("allcaps"),
    bold: styles?.has("bold"),
    italic: styles?.has("italic"),
    underline: styles?.has("underline"),
    align: align === "left" || align === "right" || align === "center" ? align : undefined,
    firstIndent: para ? num(attrOf(para, "FirstIndent")) : undefined,
    left: para ? num(attrOf(para, "LeftIndent")) : undefined,
    right: para ? num(attrOf(para, "RightIndent")) : undefined,
    spaceBefore: para ? num(attrOf(para, "SpaceBefore")) : undefined,
    spacing: para ? num(attrOf(para, "Spacing")) : undefined,
  });
}

/** What an .fdx says about its format; undefined when it says nothing. */
export function readFdxFormat(root: XmlNode): ScriptFormat | undefined {
  const layout = childElements(root, "PageLayout")[0];
  const size = layout ? childElements(layout, "PageSize")[0] : undefined;
  const page = defined<Partial<PageLayout>>({
    width: size ? num(attrOf(size, "Width")) : undefined,
    height: size ? num(attrOf(size, "Height")) : undefined,
    top: layout ? num(attrOf(layout, "TopMargin")) : undefined,
    bottom: layout ? num(attrOf(layout, "BottomMargin")) : undefined,
    header: layout ? num(attrOf(layout, "HeaderMargin")) : undefined,
    footer: layout ? num(attrOf(layout, "FooterMargin")) : undefined,
    breakAtSentences: layout ? yesNo(attrOf(layout, "BreakDialogueAndActionAtSentences")) : undefined,
  });
  const elements: NonNullable<ScriptFormat["elements"]> = {};
  for (const settings of childElements(root, "ElementSettings")) {
    const fdxType = attrOf(settings, "Type");
    const type = ELEMENT_TYPES.find((t) => FDX_ELEMENT[t].type === fdxType);
    const style = type ? readElementStyle(settings) : undefined;
    if (type && style) elements[type] = style;
  }
  const mc = childElements(root, "MoresAndContinueds")[0];
  const dialogue = mc ? childElements(mc, "DialogueBreaks")[0] : undefined;
  const scene = mc ? childElements(mc, "SceneBreaks")[0] : undefined;
  const continueds = defined<Partial<Continueds>>({
    more: dialogue ? text(attrOf(dialogue, "DialogueBottom")) : undefined,
    contd: dialogue ? text(attrOf(dialogue, "DialogueTop")) : undefined,
    moreAtBottom: dialogue ? yesNo(attrOf(dialogue, "BottomOfPage")) : undefined,
    contdAtTop: dialogue ? yesNo(attrOf(dialogue, "TopOfNext")) : undefined,
    automaticCharacterContinueds: dialogue ? yesNo(attrOf(dialogue, "AutomaticCharacterContinueds")) : undefined,
    sceneBottom: scene ? text(attrOf(scene, "SceneBottom")) : undefined,
    sceneTop: scene ? text(attrOf(scene, "SceneTop")) : undefined,
    sceneBottomOfPage: scene ? yesNo(attrOf(scene, "SceneBottomOfPage")) : undefined,
    sceneTopOfNext: scene ? yesNo(attrOf(scene, "SceneTopOfNext")) : undefined,
  });
  const format: ScriptFormat = {};
  if (page) format.page = page;
  if (Object.keys(elements).length) format.elements = elements;
  if (continueds) format.continueds = continueds;
  return Object.keys(format).length ? format : undefined;
}

const inch = (n: number) => n.toFixed(2);
const yn = (b: boolean) => (b ? "Yes" : "No");
const cap = (a: string) => a.charAt(0).toUpperCase() + a.slice(1);

function styleAttr(s: ElementStyle): string {
  return [s.bold && "Bold", s.italic && "Italic", s.underline && "Underline", s.allCaps && "AllCaps"].filter(Boolean).join("+");
}

const elementSettings = (t: ElementType, s: ElementStyle) =>
  [
    `  <ElementSettings Type="${FDX_ELEMENT[t].type}">`,
    `    <FontSpec AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="${escapeXmlAttr(s.font)}" RevisionID="0" Size="${s.size}" Style="${styleAttr(s)}"/>`,
    `    <ParagraphSpec Alignment="${cap(s.align)}" FirstIndent="${inch(s.firstIndent)}" Leading="Regular" LeftIndent="${inch(s.left)}" RightIndent="${inch(s.right)}" SpaceBefore="${s.spaceBefore}" Spacing="${s.spacing}" StartsNewPage="No"/>`,
    `    <Behavior PaginateAs="${FDX_ELEMENT[t].type}" ReturnKey="${FDX_ELEMENT[t].returnKey}" Shortcut="${FDX_ELEMENT[t].shortcut}"/>`,
    "  </ElementSettings>",
  ].join("\n");

/** Header, PageLayout, ElementSettings and MoresAndContinueds for a script's format (defaults filled in). */
export function fdxFormatXml(format?: ScriptFormat | null): string {
  const f = resolveFormat(format);
  const p = f.page;
  const c = f.continueds;
  const general = { ...f.elements.action, allCaps: false, bold: false, italic: false, underline: false, spaceBefore: 0 };
  return [
    '  <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="Yes" StartingPage="1">',
    "    <Header>",
    '      <Paragraph Alignment="Right" FirstIndent="0.00" Leading="Regular" LeftIndent="1.25" RightIndent="7.25" SpaceBefore="0" Spacing="1" StartsNewPage="No">',
    '        <DynamicLabel Type="Page #"/>',
    "        <Text>.</Text>",
    "      </Paragraph>",
    "    </Header>",
    "    <Footer/>",
    "  </HeaderAndFooter>",
    "",
    `  <PageLayout BackgroundColor="#FFFFFFFFFFFF" BottomMargin="${p.bottom}" BreakDialogueAndActionAtSentences="${yn(p.breakAtSentences)}" DocumentLeading="Normal" FooterMargin="${p.footer}" ForegroundColor="#000000000000" HeaderMargin="${p.header}" InvisiblesColor="#A0A0A0A0A0A0" TopMargin="${p.top}" UsesSmartQuotes="Yes">`,
    `    <PageSize Height="${inch(p.height)}" Width="${inch(p.width)}"/>`,
    "  </PageLayout>",
    "",
    [
      `  <ElementSettings Type="General">`,
      `    <FontSpec AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="${escapeXmlAttr(general.font)}" RevisionID="0" Size="${general.size}" Style=""/>`,
      `    <ParagraphSpec Alignment="Left" FirstIndent="0.00" Leading="Regular" LeftIndent="${inch(general.left)}" RightIndent="${inch(general.right)}" SpaceBefore="0" Spacing="1" StartsNewPage="No"/>`,
      `    <Behavior PaginateAs="General" ReturnKey="General" Shortcut="0"/>`,
      "  </ElementSettings>",
    ].join("\n"),
    ...ELEMENT_TYPES.map((t) => elementSettings(t, f.elements[t])),
    "",
    "  <MoresAndContinueds>",
    `    <FontSpec AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="${escapeXmlAttr(f.elements.character.font)}" RevisionID="0" Size="12" Style=""/>`,
    `    <DialogueBreaks AutomaticCharacterContinueds="${yn(c.automaticCharacterContinueds)}" BottomOfPage="${yn(c.moreAtBottom)}" DialogueBottom="${escapeXmlAttr(c.more)}" DialogueTop="${escapeXmlAttr(c.contd)}" TopOfNext="${yn(c.contdAtTop)}"/>`,
    `    <SceneBreaks ContinuedNumber="No" SceneBottom="${escapeXmlAttr(c.sceneBottom)}" SceneBottomOfPage="${yn(c.sceneBottomOfPage)}" SceneTop="${escapeXmlAttr(c.sceneTop)}" SceneTopOfNext="${yn(c.sceneTopOfNext)}"/>`,
    "  </MoresAndContinueds>",
  ].join("\n");
}

const list = (outer: string, inner: string, values: Iterable<string>, attrs = "") =>
  [`    <${outer}${attrs}>`, ...[...values].map((v) => `      <${inner}>${escapeXmlText(v)}</${inner}>`), `    </${outer}>`].join("\n");

/** SmartType lists: the script's own character names and locations, plus the usual intros and times. */
export function fdxSmartType(elements: readonly ScreenplayElement[]): string {
  const characters = new Set<string>();
  const locations = new Set<string>();
  for (const el of elements) {
    if (el.type === "character" && characterName(el.content)) characters.add(characterName(el.content));
    const location = el.type === "slug" ? sceneLocation(el.content) : null;
    if (location) locations.add(location);
  }
  const times = SCENE_SUGGESTIONS.filter((s) => !s.endsWith("."));
  return [
    "  <SmartType>",
    list("Characters", "Character", [...characters].sort()),
    list("Extensions", "Extension", ["(V.O.)", "(O.S.)", "(O.C.)", "(CONT'D)"]),
    list("SceneIntros", "SceneIntro", ["INT", "EXT", "INT./EXT", "EXT./INT", "I/E"], ' Separator=". "'),
    list("Locations", "Location", [...locations].sort()),
    list("TimesOfDay", "TimeOfDay", times, ' Separator=" - "'),
    list("Transitions", "Transition", [
      "CUT TO:",
      "DISSOLVE TO:",
      "FADE IN:",
      "FADE OUT.",
      "FADE TO BLACK.",
      "SMASH CUT TO:",
      "MATCH CUT TO:",
    ]),
    "  </SmartType>",
  ].join("\n");
}
