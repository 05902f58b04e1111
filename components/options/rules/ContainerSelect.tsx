/**
 * Firefox: the container a rule is limited to (every tab in it goes the rule's way), or any
 * tab. Chrome has no containers and never shows this.
 */
import { useEffect, useState } from "preact/hooks";
import { recordFailure } from "@/lib/diagnostics/record";
import { useRulesT } from "./use-rules";

export interface Container {
  cookieStoreId: string;
  name: string;
}

interface FirefoxContainers {
  contextualIdentities?: { query(details: object): Promise<Container[]> };
}

/** The user's containers; none when the browser has none or refuses to list them. */
export function useContainers(): Container[] {
  const [containers, setContainers] = useState<Container[]>([]);
  useEffect(() => {
    if (!import.meta.env.FIREFOX) return;
    // Firefox's own `browser` (Chrome's typings, which wxt's carry, lack containers).
    const api = (globalThis as { browser?: FirefoxContainers }).browser?.contextualIdentities;
    void api
      ?.query({})
      .then((list) =>
        setContainers(list.map(({ cookieStoreId, name }) => ({ cookieStoreId, name }))),
      )
      .catch((error: unknown) => {
        recordFailure("rules:containers", error);
        setContainers([]);
      });
  }, []);
  return containers;
}

export function ContainerSelect(props: {
  id: string;
  label: string;
  value: string | undefined;
  containers: Container[];
  onChange: (container: string | undefined) => void;
}) {
  const t = useRulesT();
  const known = props.containers.some((c) => c.cookieStoreId === props.value);
  return (
    <label class="rule-container" for={props.id}>
      {t("rules.container")}{" "}
      <select
        id={props.id}
        aria-label={props.label}
        value={props.value ?? ""}
        onChange={(event) => props.onChange(event.currentTarget.value || undefined)}
      >
        <option value="">{t("rules.containerAny")}</option>
        {props.containers.map((c) => (
          <option key={c.cookieStoreId} value={c.cookieStoreId}>
            {c.name}
          </option>
        ))}
        {props.value && !known && (
          <option value={props.value}>{t("rules.containerGone", { id: props.value })}</option>
        )}
      </select>
    </label>
  );
}
