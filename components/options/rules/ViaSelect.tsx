/**
 * How a rule list is fetched: direct (Chrome: the way the browser goes now, since Chrome cannot
 * route one request of its own) or through one of the user's usable tokens.
 */
import { THIS_BROWSER } from "@/lib/base/browser-abilities";
import { tokenRouteLabel } from "@/lib/options/rules-editor";
import { everyText, UPDATE_CHOICES } from "@/lib/options/subscription-view";
import type { Subscription } from "@/lib/routing/rules";
import type { StoredToken } from "@/lib/state/tokens";
import { unusableReason } from "@/lib/state/usable";
import { useSubscriptionT } from "./use-subscription-t";

type Via = Subscription["via"];

export function ViaSelect(props: {
  id: string;
  label?: string;
  value: Via;
  tokens: readonly StoredToken[];
  now: number;
  onChange: (via: Via) => void;
}) {
  const t = useSubscriptionT();
  // Chrome cannot send a SOCKS5 login: such a token could never fetch the list there.
  const usable = props.tokens.filter(
    (token) => unusableReason(token, THIS_BROWSER.supportsSocksAuth, props.now) === null,
  );
  const value = props.value.kind === "token" ? `token:${props.value.tokenId}` : "direct";
  const current = props.value;
  const gone = current.kind === "token" && !usable.some((token) => token.id === current.tokenId);
  return (
    <select
      id={props.id}
      value={value}
      aria-label={props.label}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        const tokenId = Number(chosen.replace(/^token:/, ""));
        props.onChange(chosen === "direct" ? { kind: "direct" } : { kind: "token", tokenId });
      }}
    >
      <option value="direct">
        {t(import.meta.env.FIREFOX ? "sub.viaDirect" : "sub.viaBrowser")}
      </option>
      {usable.map((token) => (
        <option key={token.id} value={`token:${token.id}`}>
          {t("sub.viaToken", { token: tokenRouteLabel(token) })}
        </option>
      ))}
      {gone && <option value={value}>{t("sub.viaToken", { token: `#${current.tokenId}` })}</option>}
    </select>
  );
}

export function EverySelect(props: {
  id: string;
  label?: string;
  value: number;
  onChange: (hours: number) => void;
}) {
  const t = useSubscriptionT();
  const choices: number[] = UPDATE_CHOICES.includes(props.value as (typeof UPDATE_CHOICES)[number])
    ? [...UPDATE_CHOICES]
    : [...UPDATE_CHOICES, props.value].sort((a, b) => a - b);
  return (
    <select
      id={props.id}
      value={String(props.value)}
      aria-label={props.label}
      onChange={(event) => props.onChange(Number(event.currentTarget.value))}
    >
      {choices.map((hours) => (
        <option key={hours} value={String(hours)}>
          {everyText(hours, t)}
        </option>
      ))}
    </select>
  );
}
