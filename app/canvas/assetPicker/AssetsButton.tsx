import { useState } from "react";
import { Images } from "lucide-react";
import { useSession } from "../../api/session";
import { Button } from "../../ui";
import { useCanvas } from "../store/useCanvas";
import { AssetsDialog } from "./AssetsDialog";
import { useInsertAssets } from "./useInsertAssets";

/** The canvas controls' 'Assets' button and the dialog it opens (spec canvas 2 "Assets dialog"). */
export function AssetsButton() {
  const [open, setOpen] = useState(false);
  const canEdit = useCanvas((s) => s.canEdit);
  const session = useSession();
  const insert = useInsertAssets();
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog" className="gap-1.5 px-2">
        <Images aria-hidden />
        Assets
      </Button>
      <AssetsDialog open={open} onOpenChange={setOpen} userId={session.data?.id} onInsert={insert} canInsert={canEdit} />
    </>
  );
}
