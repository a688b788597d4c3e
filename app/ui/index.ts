export { cn } from "./cn";
export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from "./Button";
export { IconButton, type IconButtonProps } from "./IconButton";
export { Spinner, type SpinnerProps } from "./Spinner";
export { Input, Textarea, type InputProps, type TextareaProps } from "./Input";
export { Field, type FieldProps } from "./Field";
export { Select, type SelectProps, type SelectOption } from "./Select";
export { Dialog, type DialogProps } from "./Dialog";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog";
export {
  Menu,
  MenuTrigger,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  type MenuItemProps,
  type MenuContentProps,
  type MenuRadioItemProps,
} from "./Menu";
export { Tabs, TabsList, TabsTrigger, TabsContent } from "./Tabs";
export { Tooltip, TooltipProvider, type TooltipProps } from "./Tooltip";
export { Popover, PopoverTrigger, PopoverContent } from "./Popover";
export { Skeleton } from "./Skeleton";
export { Toaster } from "./Toaster";
export { toast } from "./toast";
export { Kbd } from "./Kbd";
export { Logo, type LogoProps } from "./Logo";
export { BackLink } from "./BackLink";
export { useOpenedOnce } from "./useOpenedOnce";
