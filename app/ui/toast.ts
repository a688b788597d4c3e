export { toast } from "sonner";
