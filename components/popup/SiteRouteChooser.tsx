/**
 * "This site" → "Other…": every token that can carry traffic here, and Block, one click each
 * (the second click after "Other…"). Many tokens get a search field; the list shows the first
 * SHOWN matches, so 10,000 tokens cost no more to open than fifty.
 */
import { useState } from "preact/hooks";
import { translateOf } from "../../lib/i18n/index";
import { thisSiteStrings } from "../../lib/i18n/this-site-strings";
import type { Route } from "../../lib/routing/rules";
import type { SiteChoice } from "../../lib/traffic/site-route";
import { LookDot } from "../common/LookDot";
import { useEnv } from "./env";
import { NamedFlag } from "./NamedFlag";

const siteWords = translateOf(thisSiteStrings);

/** Above this many tokens the list gets a search field. */
export const SEARCH_FROM = 7;
const SHOWN = 50;

const searchText = (c: SiteChoice) => `#${c.id} ${c.ip} ${c.name} ${c.countryCode}`.toLowerCase();

export function matchingChoices(choices: SiteChoice[], query: string): SiteChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((c) => {
    const text = searchText(c);
    return words.every((word) => text.includes(word));
  });
}

export function SiteRouteChooser({
  choices,
  current,
  busy,
  onChoose,
}: {
  choices: SiteChoice[];
  /** The site's own rule's route, if it has one: that choice shows pressed. */
  current: Route | null;
  busy: boolean;
  onChoose: (route: Route) => void;
}) {
  const { language } = useEnv();
  const w = siteWords(language);
  const [query, setQuery] = useState("");
  const matches = matchingChoices(choices, query);
  const shown = matches.slice(0, SHOWN);
  return (
    <div class="site-chooser" data-testid="site-chooser">
      {choices.length >= SEARCH_FROM && (
        <input
          type="search"
          class="site-search"
          aria-label={w("site.find")}
          placeholder={w("site.find")}
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
      )}
      <ul class="site-choices">
        {shown.map((choice) => (
          <li key={choice.id}>
            <button
              type="button"
              class="btn btn--small site-choice"
              aria-pressed={current?.kind === "token" && current.tokenId === choice.id}
              disabled={busy}
              onClick={() => onChoose({ kind: "token", tokenId: choice.id })}
            >
              <LookDot look={choice} />
              {w("site.useToken", { id: choice.id })} {choice.name && <b>{choice.name}</b>}{" "}
              <NamedFlag code={choice.countryCode} language={language} />
              <span class="muted">{choice.ip}</span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            class="btn btn--small site-choice"
            aria-pressed={current?.kind === "block"}
            disabled={busy}
            onClick={() => onChoose({ kind: "block" })}
          >
            {w("site.useBlock")}
          </button>
        </li>
      </ul>
      <p class="muted" aria-live="polite">
        {choices.length === 0
          ? w("site.noTokens")
          : matches.length === 0
            ? w("site.noMatch")
            : matches.length > shown.length
              ? w("site.more", { count: matches.length - shown.length })
              : ""}
      </p>
    </div>
  );
}
