/**
 * Small hand-written files for the parser tests: a Fountain script touching every syntax rule of
 * fountain.io (notes §1) and an FDX laid out as Final Draft saves it (notes §2).
 */

export const FOUNTAIN_SAMPLE = `Title:
    _**BRICK & STEEL**_
    _**FULL RETIRED**_
Credit: Written by
Author: Stu Maschwitz
Source: Story by KTM
Draft date: 1/20/2012
Contact:
    Next Level Productions
    1588 Mission Dr.
    Solvang, CA 93463
Copyright: (c) 2012

# ACT ONE

= Brick and Steel meet the sniper.

EXT. BRICK'S PATIO - DAY #1#

A gorgeous day.  The sun is shining. [[Is it though?]] Birds sing.
    An indented line keeps its spaces.

/* A scene we cut:
INT. GARAGE - NIGHT

Nothing happens.
*/

.SNIPER SCOPE POV #1A#

STEEL
(beat)
Beer's ready!
  
Another paragraph of the same speech.

BRICK ^
Are they cold?

!INT. STAYS ACTION, THANKS TO THE BANG

@McCLANE (V.O.)
Yippie ki-yay! Москва!

BOOM.

CUT TO:

>FADE OUT.

~Willy Wonka! Willy Wonka!
~The amazing chocolatier!

===

.ANGLE ON 東京 TOWER [[shot]]

>THE END<
`;

export const FDX_SAMPLE = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">

  <Content>
    <Paragraph Type="New Act">
      <Text>ACT ONE</Text>
    </Paragraph>
    <Paragraph Number="1" Type="Scene Heading">
      <SceneProperties Length="1 3/8" Page="1" Title="">
        <Summary>
          <Paragraph Alignment="Left" FirstIndent="0.00" Leading="Regular" LeftIndent="0.00" RightIndent="1.39" SpaceBefore="0" Spacing="1" StartsNewPage="No">
            <Text>The partners meet.</Text>
          </Paragraph>
        </Summary>
        <SceneArcBeats/>
      </SceneProperties>
      <Text>EXT. BRICK'S PATIO - DAY</Text>
    </Paragraph>
    <Paragraph Type="Action">
      <Text>A gorgeous day in </Text>
      <Text Style="Bold">Ålesund</Text>
      <Text> &amp; the sun is &lt;shining&gt;.</Text>
      <ScriptNote>
        <Paragraph><Text>Is it though?</Text></Paragraph>
      </ScriptNote>
    </Paragraph>
    <Paragraph Type="Action">
      <Text></Text>
    </Paragraph>
    <Paragraph Type="Cast List">
      <Text>BRICK, STEEL</Text>
    </Paragraph>
    <Paragraph Type="Character">
      <Text>STEEL</Text>
    </Paragraph>
    <Paragraph Type="Parenthetical">
      <Text>(beat)</Text>
    </Paragraph>
    <Paragraph Type="Dialogue">
      <Text RevisionID="2">Beer's ready!</Text>
    </Paragraph>
    <Paragraph Type="General">
      <DualDialogue>
        <Paragraph Type="Character">
          <Text>BRICK</Text>
        </Paragraph>
        <Paragraph Type="Dialogue">
          <Text>Are they cold?</Text>
        </Paragraph>
        <Paragraph Type="Character">
          <Text>ZOË (V.O.)</Text>
        </Paragraph>
        <Paragraph Type="Dialogue">
          <Text>東京に行こう。</Text>
        </Paragraph>
      </DualDialogue>
    </Paragraph>
    <Paragraph Type="Outline 1">
      <Text>The turn</Text>
    </Paragraph>
    <Paragraph Type="Shot">
      <Text>CLOSE ON THE BOTTLES</Text>
    </Paragraph>
    <Paragraph Type="Note">
      <Text>Check the continuity here.</Text>
    </Paragraph>
    <Paragraph Type="Transition">
      <Text>CUT TO:</Text>
    </Paragraph>
    <Paragraph Number="2A" StartsNewPage="Yes" Type="Scene Heading">
      <Text>INT. МОСКВА METRO - NIGHT</Text>
    </Paragraph>
    <Paragraph Alignment="Center" Type="General">
      <Text>THE END</Text>
    </Paragraph>
    <Paragraph Type="End of Act">
      <Text>END OF ACT ONE</Text>
    </Paragraph>
  </Content>

  <TitlePage>
    <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="No" StartingPage="1"/>
    <Content>
      <Paragraph Alignment="Center"><Text></Text></Paragraph>
      <Paragraph Alignment="Center"><Text Font="Courier Final Draft" RevisionID="0" Size="12" Style="Bold+Underline">BRICK &amp; STEEL</Text></Paragraph>
      <Paragraph Alignment="Center"><Text></Text></Paragraph>
      <Paragraph Alignment="Center"><Text>Written by</Text></Paragraph>
      <Paragraph Alignment="Center"><Text></Text></Paragraph>
      <Paragraph Alignment="Center"><Text>Stu Maschwitz</Text></Paragraph>
      <Paragraph Alignment="Center"><Text></Text></Paragraph>
      <Paragraph Alignment="Center"><Text>Based on a story by KTM</Text></Paragraph>
      <Paragraph Alignment="Left"><Text></Text></Paragraph>
      <Paragraph Alignment="Left"><Text>Next Level Productions</Text></Paragraph>
      <Paragraph Alignment="Left"><Text>1588 Mission Dr.</Text></Paragraph>
      <Paragraph Alignment="Left"><Text></Text></Paragraph>
      <Paragraph Alignment="Left"><Text>First draft 1/20/2012</Text></Paragraph>
    </Content>
  </TitlePage>

  <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="Yes" StartingPage="1">
    <Header>
      <Paragraph Alignment="Right"><DynamicLabel Type="Page #"/><Text>.</Text></Paragraph>
    </Header>
  </HeaderAndFooter>

  <PageLayout BottomMargin="72" HeaderMargin="36" TopMargin="72">
    <PageSize Height="11.00" Width="8.50"/>
  </PageLayout>

  <ElementSettings Type="Scene Heading">
    <FontSpec Font="Courier Final Draft" Size="12" Style="Bold+AllCaps"/>
    <ParagraphSpec Alignment="Left" FirstIndent="0.00" LeftIndent="1.50" RightIndent="7.50" SpaceBefore="24"/>
    <Behavior PaginateAs="Scene Heading" ReturnKey="Action"/>
  </ElementSettings>

  <MoresAndContinueds>
    <DialogueBreaks DialogueBottom="(MORE)" DialogueTop="(CONT'D)"/>
    <SceneBreaks SceneBottom="(CONTINUED)" SceneTop="CONTINUED:"/>
  </MoresAndContinueds>
</FinalDraft>
`;
