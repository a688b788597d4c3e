import type { ReactNode } from "react";
import { Accordion } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { formatUsd } from "../pricing/plans";
import { LOWEST_PACK_USD, LOWEST_PLAN_USD } from "./content";
import { SectionHeading } from "./SectionHeading";

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: "How is Reelgraph different from other AI video tools?",
    a: "Most AI tools start and end at the prompt box. Reelgraph starts at the screenplay: scenes become shot lists, shots become nodes on the canvas, and every generated frame or clip stays linked to the scene it belongs to. It’s a production workspace with generation built in, not a generator with a project folder bolted on.",
  },
  {
    q: "Can I use my own API keys?",
    a: "Yes. Add your own provider keys and any run made with them costs no Reelgraph credits; you pay the provider directly. Or skip the setup and use Reelgraph’s rates, where 1 credit = $0.001. You can switch whenever you like.",
  },
  {
    q: "Which file formats can I import and export?",
    a: (
      <>
        Scripts import from <Code>.fdx</Code> (Final Draft), <Code>.docx</Code> and <Code>.fountain</Code>, and export as FDX, Fountain and
        PDF. Shot lists export to PDF and CSV, so they drop straight into a crew’s spreadsheet or call sheet.
      </>
    ),
  },
  {
    q: "Is it a good fit for indie filmmakers?",
    a: `It was built with small crews in mind. Every new account starts with free credits, plans start at ${formatUsd(LOWEST_PLAN_USD)} a month, and pay-as-you-go packs start at ${formatUsd(LOWEST_PACK_USD)}. Bring your own keys and generation costs you only what the provider charges.`,
  },
  {
    q: "How does the preview-then-export workflow work?",
    a: "Iterate on fast, low-cost previews on the canvas: try framings, lighting and takes without burning budget. When a shot looks right, export it at full quality. You only pay full-quality prices for the shots you keep.",
  },
];

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded-sm bg-surface-3 px-1 py-0.5 font-mono text-[0.85em] text-text">{children}</code>;
}

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:px-8 sm:py-24 lg:grid-cols-[1fr_1.6fr] lg:gap-16">
        <div>
          <SectionHeading eyebrow="FAQ" id="faq-title" title="Questions, answered" />
          <p className="mt-4 text-base leading-relaxed text-text-muted">
            Something else on your mind?{" "}
            <a href="mailto:hello@reelgraph.studio" className="rounded-sm font-medium text-accent underline-offset-4 hover:underline">
              Write to us
            </a>
            .
          </p>
        </div>
        <Accordion.Root type="single" collapsible className="divide-y divide-border border-y border-border">
          {FAQ.map((item, i) => (
            <Accordion.Item key={item.q} value={`faq-${i}`}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-md py-5 text-left text-base font-medium text-text transition-colors hover:text-accent">
                    {item.q}
                    <ChevronDown
                      className="size-5 shrink-0 text-text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                      aria-hidden="true"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
                <p className="pb-5 pr-8 text-sm leading-relaxed text-text-muted sm:text-base sm:leading-relaxed">{item.a}</p>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
