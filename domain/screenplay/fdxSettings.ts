/**
 * The document furniture Final Draft writes after Content (notes §2): header with the page number, page
 * layout (US Letter, 72 pt margins), one ElementSettings per element type (indents from notes §3, Enter
 * flow from Final Draft's own ReturnKey), MORE/CONT'D texts and the SmartType lists.
 */
import type { ScreenplayElement } from "./elements";
import { SCENE_SUGGESTIONS, characterName } from "./flow";
import { sceneLocation } from "./sceneHeading";
import { escapeXmlText } from "./xml";

interface Setting {
  type: string;
  style: string;
  align: "Left" | "Right";
  firstIndent: string;
  left: string;
  right: string;
  spaceBefore: number;
  returnKey: string;
  shortcut: number;
}

const SETTINGS: readonly Setting[] = [
  { type: "General", style: "", align: "Left", firstIndent: "0.00", left: "1.50", right: "7.50", spaceBefore: 0, returnKey: "General", shortcut: 0 },
  { type: "Scene Heading", style: "Bold+AllCaps", align: "Left", firstIndent: "0.00", left: "1.50", right: "7.50", spaceBefore: 24, returnKey: "Action", shortcut: 1 },
  { type: "Action", style: "", align: "Left", firstIndent: "0.00", left: "1.50", right: "7.50", spaceBefore: 12, returnKey: "Action", shortcut: 2 },
  { type: "Character", style: "AllCaps", align: "Left", firstIndent: "0.00", left: "3.50", right: "7.25", spaceBefore: 12, returnKey: "Dialogue", shortcut: 3 },
  { type: "Dialogue", style: "", align: "Left", firstIndent: "0.00", left: "2.50", right: "6.00", spaceBefore: 0, returnKey: "Action", shortcut: 4 },
  { type: "Parenthetical", style: "", align: "Left", firstIndent: "-0.10", left: "3.00", right: "5.50", spaceBefore: 0, returnKey: "Dialogue", shortcut: 5 },
  { type: "Transition", style: "AllCaps", align: "Right", firstIndent: "0.00", left: "5.50", right: "7.10", spaceBefore: 12, returnKey: "Scene Heading", shortcut: 6 },
  { type: "Shot", style: "AllCaps", align: "Left", firstIndent: "0.00", left: "1.50", right: "7.50", spaceBefore: 12, returnKey: "Action", shortcut: 7 },
];

const elementSettings = (s: Setting) =>
  [
    `  <ElementSettings Type="${s.type}">`,
    `    <FontSpec AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="Courier Final Draft" RevisionID="0" Size="12" Style="${s.style}"/>`,
    `    <ParagraphSpec Alignment="${s.align}" FirstIndent="${s.firstIndent}" Leading="Regular" LeftIndent="${s.left}" RightIndent="${s.right}" SpaceBefore="${s.spaceBefore}" Spacing="1" StartsNewPage="No"/>`,
    `    <Behavior PaginateAs="${s.type}" ReturnKey="${s.returnKey}" Shortcut="${s.shortcut}"/>`,
    "  </ElementSettings>",
  ].join("\n");

export const FDX_ELEMENT_SETTINGS = [
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
  '  <PageLayout BackgroundColor="#FFFFFFFFFFFF" BottomMargin="72" BreakDialogueAndActionAtSentences="Yes" DocumentLeading="Normal" FooterMargin="36" ForegroundColor="#000000000000" HeaderMargin="36" InvisiblesColor="#A0A0A0A0A0A0" TopMargin="72" UsesSmartQuotes="Yes">',
  '    <PageSize Height="11.00" Width="8.50"/>',
  "  </PageLayout>",
  "",
  ...SETTINGS.map(elementSettings),
  "",
  '  <MoresAndContinueds>',
  '    <FontSpec AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="Courier Final Draft" RevisionID="0" Size="12" Style=""/>',
  `    <DialogueBreaks AutomaticCharacterContinueds="Yes" BottomOfPage="Yes" DialogueBottom="(MORE)" DialogueTop="(CONT'D)" TopOfNext="Yes"/>`,
  '    <SceneBreaks ContinuedNumber="No" SceneBottom="(CONTINUED)" SceneBottomOfPage="No" SceneTop="CONTINUED:" SceneTopOfNext="No"/>',
  "  </MoresAndContinueds>",
].join("\n");

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
    list("Transitions", "Transition", ["CUT TO:", "DISSOLVE TO:", "FADE IN:", "FADE OUT.", "FADE TO BLACK.", "SMASH CUT TO:", "MATCH CUT TO:"]),
    "  </SmartType>",
  ].join("\n");
}
