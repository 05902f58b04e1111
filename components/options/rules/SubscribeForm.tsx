/**
 * Subscribing to a rule list by URL: the address, a name, the route of its sites, how it is
 * fetched and how often. The background fetches it at once; only a usable list is added.
 */
import { useState } from "preact/hooks";
import { validateListUrl } from "@/lib/base/list-url";
import { problemText } from "@/lib/options/subscription-view";
import { DEFAULT_UPDATE_HOURS, type Subscription } from "@/lib/routing/rules";
import { Notice, type NoticeValue, send, useExplain } from "../shared";
import { type AddFormProps, CheckedTextInput, RouteField, useNewRoute } from "./RuleFields";
import { useSubscriptionT } from "./use-subscription-t";
import { EverySelect, ViaSelect } from "./ViaSelect";

const MAX_NAME = 200;

export function SubscribeForm(props: Omit<AddFormProps, "onAdd"> & { count: number }) {
  const t = useSubscriptionT();
  const explain = useExplain();
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [via, setVia] = useState<Subscription["via"]>({ kind: "direct" });
  const [every, setEvery] = useState(DEFAULT_UPDATE_HOURS);
  const [route, setRoute] = useNewRoute({ ...props, onAdd: async () => false });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  async function subscribe(event: Event) {
    event.preventDefault();
    const checked = validateListUrl(url, true);
    if (!checked.ok) {
      setUrlError(t("sub.badUrl"));
      document.getElementById("rules-sub-url")?.focus();
      return;
    }
    setBusy(true);
    setNotice({ tone: "info", text: t("sub.fetching") });
    const listName = name.trim().slice(0, MAX_NAME) || new URL(checked.url).hostname;
    const reply = await send({
      type: "subscribeRuleList",
      name: listName,
      url: checked.url,
      via,
      everyHours: every,
      route,
    });
    setBusy(false);
    if (!reply.ok) {
      setNotice({ tone: "error", text: explain(reply.failure) });
      return;
    }
    const outcome = reply.data;
    if (outcome.subscribed) {
      const values = { name: listName, count: outcome.lines, position: props.count + 1 };
      const key = outcome.rejected > 0 ? "sub.addedRejected" : "sub.added";
      setNotice({ tone: "ok", text: t(key, { ...values, rejected: outcome.rejected }) });
      setUrl("");
      setName("");
      return;
    }
    const { problem } = outcome;
    const why =
      problem === "bad-url"
        ? t("sub.badUrl")
        : problem === "full"
          ? t("sub.full")
          : problem
            ? t("sub.notAdded", { problem: problemText(problem, t) })
            : t("sub.notAdded", { problem: "" });
    setNotice({ tone: "error", text: why });
  }

  return (
    <form class="rule-subscribe" noValidate onSubmit={(event) => void subscribe(event)}>
      <p class="hint" id="rules-sub-intro">
        {t("sub.intro")}
      </p>
      <div class="field">
        <label for="rules-sub-url">{t("sub.url")}</label>
        <CheckedTextInput
          id="rules-sub-url"
          value={url}
          error={urlError}
          placeholder="https://"
          onInput={(value) => {
            setUrl(value);
            setUrlError(null);
          }}
        />
      </div>
      <div class="field">
        <label for="rules-sub-name">{t("sub.name")}</label>
        <CheckedTextInput
          id="rules-sub-name"
          value={name}
          error={name.length > MAX_NAME ? t("sub.badName") : null}
          onInput={setName}
        />
      </div>
      <RouteField
        id="rules-sub-route"
        label={t("sub.route")}
        value={route}
        tokens={props.tokens}
        now={props.now}
        onChange={setRoute}
      />
      <div class="field">
        <label for="rules-sub-via">{t("sub.via")}</label>
        <ViaSelect
          id="rules-sub-via"
          value={via}
          tokens={props.tokens}
          now={props.now}
          onChange={setVia}
        />
      </div>
      <div class="field">
        <label for="rules-sub-every">{t("sub.every")}</label>
        <EverySelect id="rules-sub-every" value={every} onChange={setEvery} />
      </div>
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? t("sub.fetching") : t("sub.subscribe")}
        </button>
      </div>
      <Notice notice={notice} id="rules-sub-status" />
    </form>
  );
}
