/** Account quota and information as labelled facts, and proxy retrieval with copy buttons. */
import { useEffect, useState } from "preact/hooks";
import type { ProxyEntry } from "@/lib/api";
import type { OptionsKey } from "@/lib/i18n/options-strings";
import type { Reply } from "@/lib/protocol/commands";
import type { Settings } from "@/lib/state/settings";
import { AccountFacts } from "./AccountFacts";
import { SelectField, TextField } from "./FormFields";
import { BusyButton, CopyButton, Notice, send, useExplain, useT } from "./shared";

type Loaded = Reply<"accountQuota" | "accountInfo">;
const PROXY_TYPES = ["", "static", "dynamic", "residential", "datacenter", "http", "socks5"];

export function AccountSection({ settings }: { settings: Settings }) {
  const t = useT();
  const hasCredentials = Boolean(settings.baseUrl && settings.auth);
  const [quota, setQuota] = useState<Loaded | null>(null);
  const [info, setInfo] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);

  async function load() {
    setLoading(true);
    const [quotaReply, infoReply] = await Promise.all([
      send({ type: "accountQuota" }),
      send({ type: "accountInfo" }),
    ]);
    setQuota(quotaReply);
    setInfo(infoReply);
    setLoading(false);
  }

  // Loaded again when the credentials change.
  useEffect(() => {
    if (hasCredentials) void load();
    else {
      setQuota(null);
      setInfo(null);
    }
  }, [hasCredentials, settings.baseUrl, JSON.stringify(settings.auth)]);

  return (
    <section id="account" aria-labelledby="account-heading" aria-busy={loading}>
      <h2 id="account-heading">{t("account.heading")}</h2>
      {!hasCredentials ? (
        <p class="hint">{t("account.needCredentials")}</p>
      ) : (
        <>
          <BusyButton
            class="secondary"
            busy={loading}
            busyText={t("account.loading")}
            onClick={load}
          >
            {t("account.load")}
          </BusyButton>
          <AccountRecord title={t("account.quota")} id="account-quota" loaded={quota} />
          <AccountRecord title={t("account.info")} id="account-info" loaded={info} />
        </>
      )}
      <ProxyRetrieval />
    </section>
  );
}

function AccountRecord(props: { title: string; id: string; loaded: Loaded | null }) {
  const t = useT();
  const explain = useExplain();
  const { loaded } = props;
  return (
    <div id={props.id}>
      <h3>{props.title}</h3>
      {loaded === null ? null : loaded.ok ? (
        <AccountFacts value={loaded.data} label={props.title} />
      ) : (
        <Notice
          notice={{
            tone: "error",
            text: t("account.failed", { reason: explain(loaded.failure) }),
          }}
        />
      )}
    </div>
  );
}

function ProxyRetrieval() {
  const t = useT();
  const explain = useExplain();
  const [country, setCountry] = useState("");
  const [type, setType] = useState("");
  const [proxies, setProxies] = useState<ProxyEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function get(event: Event) {
    event.preventDefault();
    setLoading(true);
    const query = {
      ...(country.trim() ? { country: country.trim() } : {}),
      ...(type ? { type } : {}),
    };
    const reply = await send({ type: "getProxies", query });
    setLoading(false);
    if (reply.ok) {
      setProxies(reply.data);
      setError(null);
    } else {
      setProxies(null);
      setError(explain(reply.failure));
    }
  }

  const address = (p: ProxyEntry) => `${p.ip}:${p.port}`;
  return (
    <div class="proxies" aria-busy={loading}>
      <h3 id="proxies-heading">{t("proxies.heading")}</h3>
      <form class="inline-form" onSubmit={get} noValidate>
        <TextField
          id="proxy-country"
          label={t("proxies.country")}
          autoComplete="off"
          value={country}
          onInput={setCountry}
        />
        <SelectField
          id="proxy-type"
          label={t("proxies.type")}
          value={type}
          options={PROXY_TYPES.map((value) => ({
            value,
            text: t(`proxies.type.${value || "any"}` as OptionsKey),
          }))}
          onChange={setType}
        />
        <div class="actions">
          <button type="submit" disabled={loading}>
            {t("proxies.get")}
          </button>
        </div>
      </form>
      <Notice
        notice={error ? { tone: "error", text: t("proxies.failed", { reason: error }) } : null}
      />
      {proxies !== null &&
        (proxies.length === 0 ? (
          <p role="status">{t("proxies.none")}</p>
        ) : (
          <>
            <div class="actions">
              <p role="status" class="busy">
                {t("proxies.count", { count: proxies.length })}
              </p>
              <CopyButton text={proxies.map(address).join("\n")} what={t("proxies.allAddresses")} />
            </div>
            <table class="proxy-table" aria-labelledby="proxies-heading">
              <thead>
                <tr>
                  <th scope="col">{t("proxies.address")}</th>
                  <th scope="col">{t("proxies.countryColumn")}</th>
                  <th scope="col">{t("proxies.protocol")}</th>
                  <th scope="col">{t("proxies.copyColumn")}</th>
                </tr>
              </thead>
              <tbody>
                {proxies.map((proxy, index) => (
                  <tr key={`${address(proxy)}-${index}`}>
                    <td>
                      <code>{address(proxy)}</code>
                    </td>
                    <td>{proxy.country}</td>
                    <td>{proxy.protocol}</td>
                    <td>
                      <CopyButton text={address(proxy)} what={address(proxy)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ))}
    </div>
  );
}
