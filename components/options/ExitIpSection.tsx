/**
 * The exit IP as the provider sees it, asked through whatever proxy is active, and which way
 * traffic goes. Asked again whenever the engine records a new exit check (connect, switch,
 * refresh) and on demand.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { IpInfo } from "@/lib/api";
import { sayStatus } from "@/lib/i18n/status-words";
import { exitRoute, tokenLabel } from "@/lib/options/exit-route";
import { routeStatus } from "@/lib/state/route-status";
import type { Settings } from "@/lib/state/settings";
import type { Connection, ProxyStatus } from "@/lib/state/status";
import type { StoredToken } from "@/lib/state/tokens";
import { BusyButton, Facts, Notice, send, useExplain, useLocale, useT, yesNo } from "./shared";

interface Props {
  settings: Settings;
  status: ProxyStatus;
  connection: Connection;
  tokens: StoredToken[];
  onExitIp: (ip: string | null) => void;
}

export function ExitIpSection({ settings, status, connection, tokens, onExitIp }: Props) {
  const t = useT();
  const explain = useExplain();
  const locale = useLocale();
  /** The last answer, with the route state it was asked under (checkKey, below). */
  const [info, setInfo] = useState<{ data: IpInfo; at: number; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);
  const reportIp = useRef(onExitIp);
  reportIp.current = onExitIp;

  async function load(key: string) {
    const request = ++latest.current;
    setChecking(true);
    const reply = await send({ type: "ipInfo" });
    if (request !== latest.current) return; // a newer check is under way
    setChecking(false);
    if (reply.ok) {
      setInfo({ data: reply.data, at: Date.now(), key });
      setError(null);
      reportIp.current(reply.data.ip);
    } else {
      setError(explain(reply.failure));
    }
  }

  // A new exit check by the engine (or a new connection state) means a new answer here, and so
  // does a new provider address or login: an error they caused clears the moment they are fixed.
  // Without an address there is no one to ask yet, and nothing has failed: nothing is shown.
  const { exitIp } = status;
  const provider = settings.baseUrl === "" ? null : `${settings.baseUrl}|${settings.auth?.kind}`;
  const checkKey = exitIp
    ? `${exitIp.ip}|${exitIp.checkedAt}|${exitIp.viaTokenId}`
    : `none|${status.state}|${status.tokenId}`;
  useEffect(() => {
    if (provider === null) {
      latest.current++;
      setInfo(null);
      setError(null);
      setChecking(false);
      return;
    }
    void load(checkKey);
  }, [checkKey, provider, JSON.stringify(settings.auth)]);

  async function recheck() {
    const request = ++latest.current;
    setChecking(true);
    // The engine checks and records it; the storage change above then asks for the details.
    const reply = await send({ type: "checkExitIp" });
    if (request !== latest.current) return;
    if (!reply.ok) {
      setChecking(false);
      setError(explain(reply.failure));
    }
  }

  // An answer asked under another route (before Off, say) is not this route's: shown with
  // the route now, it would say "went direct" with the token's IP, on no evidence.
  const current = info?.key === checkKey ? info : null;
  const route = current ? exitRoute(current.data.ip, status, connection, tokens) : null;
  // The lead words are the popup's and the toolbar's (route-status.ts); the sentence after
  // them is what this check saw.
  const now = routeStatus(status, connection);
  const data = current?.data;
  return (
    <section id="exit-ip" aria-labelledby="exit-heading" aria-busy={checking}>
      <h2 id="exit-heading">{t("exit.heading")}</h2>
      <p class="hint">{t("exit.intro")}</p>
      {provider === null ? (
        <p class="hint" data-testid="exit-needs-provider">
          {t("exit.needsProvider")}
        </p>
      ) : (
        <BusyButton busy={checking} busyText={t("exit.checking")} onClick={recheck}>
          {t("exit.recheck")}
        </BusyButton>
      )}
      <Notice
        notice={error ? { tone: "error", text: t("exit.failed", { reason: error }) } : null}
      />
      {route && (
        <p class={`route route-${route.kind}`} data-route={route.kind} data-status={now.kind}>
          <strong class="route-word" data-testid="route-word">
            {sayStatus(t, now)}
          </strong>
          {" · "}
          {route.kind === "direct"
            ? t("exit.route.direct")
            : route.kind === "token"
              ? t("exit.route.token", { token: tokenLabel(route.token) })
              : route.kind === "token-other-ip"
                ? route.expected
                  ? t("exit.route.otherIp", {
                      token: tokenLabel(route.token),
                      expected: route.expected,
                    })
                  : t("exit.route.otherIpUnknown", { token: tokenLabel(route.token) })
                : route.kind === "error"
                  ? t("exit.route.error", {
                      token: route.token ? tokenLabel(route.token) : `#${status.tokenId}`,
                      message: route.failure ? explain(route.failure) : "",
                    })
                  : t("exit.route.missing", { id: route.tokenId })}
        </p>
      )}
      {data && current && (
        <Facts
          class="exit-facts"
          rows={[
            { field: "ip", label: t("exit.field.ip"), value: data.ip },
            {
              field: "country",
              label: t("exit.field.country"),
              value: data.country_code ? `${data.country} (${data.country_code})` : data.country,
            },
            { field: "state", label: t("exit.field.state"), value: data.state ?? "" },
            { field: "city", label: t("exit.field.city"), value: data.city },
            {
              field: "asn",
              label: t("exit.field.asn"),
              value:
                data.autonomous_system_number === undefined
                  ? ""
                  : `AS${data.autonomous_system_number}`,
            },
            {
              field: "org",
              label: t("exit.field.org"),
              value: data.autonomous_system_organization,
            },
            { field: "network_type", label: t("exit.field.networkType"), value: data.network_type },
            { field: "is_isp", label: t("exit.field.isp"), value: yesNo(t, data.is_isp) },
            { field: "network", label: t("exit.field.network"), value: data.network },
            {
              field: "checked_at",
              label: t("exit.field.checkedAt"),
              value: new Date(current.at).toLocaleTimeString(locale),
            },
          ]}
        />
      )}
    </section>
  );
}
