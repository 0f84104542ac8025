import type { ReactNode } from "react";
import type { ExportJob } from "../api/exports";
import type { ExportHandle } from "../lib/useExport";
import { Button } from "./forms";

/**
 * The button that asks for a PDF. While the PDF is made it says so and ignores clicks, but stays
 * focusable (aria-disabled, not disabled): keyboard focus is not thrown back to the page.
 */
export function ExportButton({
  exp,
  ask,
  workingLabel,
  children,
  variant = "primary",
  disabled,
}: {
  exp: ExportHandle;
  ask: () => Promise<ExportJob>;
  workingLabel: string;
  children: ReactNode;
  variant?: "primary" | "secondary";
  disabled?: boolean;
}) {
  return (
    <Button
      variant={variant}
      disabled={disabled}
      aria-disabled={exp.working || undefined}
      aria-busy={exp.working || undefined}
      onClick={() => {
        if (!exp.working) void exp.start(ask);
      }}
    >
      {exp.working ? workingLabel : children}
    </Button>
  );
}
