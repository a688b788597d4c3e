import { ArrowDownUp } from "lucide-react";
import { defaultOrder, orderLabel, SORT_FIELDS, type SortField, type SortOrder } from "../../domain/projectList";
import { Button, Menu, MenuContent, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuTrigger } from "../ui";

export function SortMenu({
  field,
  order,
  onChange,
}: {
  field: SortField;
  order: SortOrder;
  onChange(field: SortField, order: SortOrder): void;
}) {
  const fieldLabel = SORT_FIELDS.find((f) => f.value === field)?.label ?? "";
  const orders: SortOrder[] = field === "name" ? ["asc", "desc"] : ["desc", "asc"];
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Sort: ${fieldLabel}, ${orderLabel(field, order)}`}>
          <ArrowDownUp className="size-4" />
          {fieldLabel} · {orderLabel(field, order)}
        </Button>
      </MenuTrigger>
      <MenuContent align="start">
        <MenuLabel>Sort by</MenuLabel>
        <MenuRadioGroup value={field} onValueChange={(v) => onChange(v as SortField, defaultOrder(v as SortField))}>
          {SORT_FIELDS.map((f) => (
            <MenuRadioItem key={f.value} value={f.value}>
              {f.label}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuLabel>Order</MenuLabel>
        <MenuRadioGroup value={order} onValueChange={(v) => onChange(field, v as SortOrder)}>
          {orders.map((o) => (
            <MenuRadioItem key={o} value={o}>
              {orderLabel(field, o)}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
