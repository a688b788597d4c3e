import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { ASSET_MESSAGES, toggleSelection } from "../../../domain/assetLibrary";
import { Button, Dialog, Input, Tabs, TabsContent, TabsList, TabsTrigger, Tooltip } from "../../ui";
import { MyFilesTab } from "./MyFilesTab";
import { StockTab } from "./StockTab";
import type { PickedAsset } from "./pickedAsset";

type Tab = "files" | "stock";
const STOCK_SEARCH_DEBOUNCE_MS = 400;

interface Selection {
  ids: string[];
  byId: Record<string, PickedAsset>;
}
const EMPTY: Selection = { ids: [], byId: {} };

export interface AssetsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user; without one nothing is uploaded (spec canvas 5). */
  userId: string | undefined;
  /** Receives the chosen assets in the order they were picked; the dialog closes when it resolves. */
  onInsert: (assets: PickedAsset[]) => Promise<void> | void;
  /** False for view-only members: Insert Selected stays disabled and says why. */
  canInsert: boolean;
}

/**
 * The canvas's Assets dialog (spec canvas 2): a search box, My Files and Stock tabs, and a footer with
 * Cancel and 'Insert Selected'. Clicking tiles selects several at once, across both tabs.
 */
export function AssetsDialog({ open, onOpenChange, userId, onInsert, canInsert }: AssetsDialogProps) {
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>("files");
  const [search, setSearch] = useState("");
  const [stockQuery, setStockQuery] = useState("");
  const [selection, setSelection] = useState<Selection>(EMPTY);
  const [inserting, setInserting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTab("files");
    setSelection(EMPTY);
    setSearch("");
    setStockQuery("");
  }, [open]);

  // The stock search waits for typing to pause, so each keystroke is not a call to Unsplash.
  useEffect(() => {
    const t = setTimeout(() => setStockQuery(search.trim()), STOCK_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);

  const toggle = (picked: PickedAsset) =>
    setSelection((s) => ({ ids: toggleSelection(s.ids, picked.asset.id), byId: { ...s.byId, [picked.asset.id]: picked } }));
  const isSelected = (id: string) => selection.ids.includes(id);
  const forget = (id: string) => setSelection((s) => ({ ...s, ids: s.ids.filter((x) => x !== id) }));
  const chosen = selection.ids.map((id) => selection.byId[id]!).filter(Boolean);

  const changeTab = (next: string) => {
    // spec canvas 4: the stock list starts over each time its tab opens.
    if (next === "stock") void qc.resetQueries({ queryKey: ["stock"] });
    setTab(next as Tab);
  };

  const insert = async () => {
    if (!canInsert || chosen.length === 0 || inserting) return;
    setInserting(true);
    try {
      await onInsert(chosen);
      onOpenChange(false);
    } catch {
      // The caller has told the user what went wrong; the selection stays for another try.
    } finally {
      setInserting(false);
    }
  };

  const insertButton = (
    <Button variant="primary" onClick={() => void insert()} disabled={!canInsert || chosen.length === 0} loading={inserting}>
      {inserting ? "Inserting..." : "Insert Selected"}
    </Button>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !inserting && onOpenChange(next)}
      title="Assets"
      className="h-[min(44rem,calc(100dvh-2rem))] max-w-4xl"
      footer={
        <>
          <span className="mr-auto text-sm text-text-muted" aria-live="polite">
            {chosen.length > 0 ? `${chosen.length} selected` : "Click files to select them"}
          </span>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={inserting}>
            Cancel
          </Button>
          {canInsert ? (
            insertButton
          ) : (
            <Tooltip content={ASSET_MESSAGES.viewOnly}>
              {/* A disabled button gets no pointer events; the wrapper keeps the tooltip reachable. */}
              <span tabIndex={0} aria-label={`Insert Selected: ${ASSET_MESSAGES.viewOnly}`} className="rounded-md">
                {insertButton}
              </span>
            </Tooltip>
          )}
        </>
      }
    >
      <Tabs value={tab} onValueChange={changeTab} className="flex h-full min-h-0 flex-col">
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative min-w-56 flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-text-subtle" aria-hidden />
            <Input
              type="search"
              aria-label="Search assets"
              placeholder={tab === "files" ? "Search by name or type" : "Search Unsplash photos"}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <TabsList aria-label="Asset source">
            <TabsTrigger value="files">My Files</TabsTrigger>
            <TabsTrigger value="stock">Stock</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="files" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
          <MyFilesTab userId={userId} search={search} isSelected={isSelected} onToggle={toggle} onDeleted={forget} />
        </TabsContent>
        <TabsContent value="stock" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
          <StockTab query={stockQuery} isSelected={isSelected} onToggle={toggle} />
        </TabsContent>
      </Tabs>
    </Dialog>
  );
}
