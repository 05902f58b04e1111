import { flagEmoji } from "../../lib/popup/format";

/** A country's flag and a space before its name; screen readers skip it and read the name. */
export function Flag({ code, class: className }: { code: string; class?: string }) {
  const flag = flagEmoji(code);
  return flag ? (
    <span class={className} aria-hidden="true">
      {flag}{" "}
    </span>
  ) : null;
}
