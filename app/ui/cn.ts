import { clsx, type ClassValue } from "clsx";

/** Join class names conditionally (thin clsx wrapper). */
export function cn(...classes: ClassValue[]): string {
  return clsx(...classes);
}
