/** One proxy's fields: type, host, port and login (checked by the paste box's checks). */
import type { ProxyFields } from "@/lib/state/proxy-lines";
import { useLookT } from "./use-look-t";

export const EMPTY_PROXY: ProxyFields = {
  networkType: "HTTP",
  host: "",
  port: "",
  username: "",
  password: "",
};

export function ProxyFieldset(props: {
  idPrefix: string;
  value: ProxyFields;
  onChange: (value: ProxyFields) => void;
  /** Editing: an empty password keeps the saved one. */
  keepPassword?: boolean;
}) {
  const t = useLookT();
  const { value, idPrefix } = props;
  const field = (key: "host" | "port" | "username" | "password", type = "text") => (
    <>
      <label for={`${idPrefix}-${key}`}>{t(`looks.${key}`)}</label>
      <input
        id={`${idPrefix}-${key}`}
        type={type}
        autoComplete="off"
        value={value[key]}
        required={!(key === "password" && props.keepPassword)}
        aria-describedby={key === "password" && props.keepPassword ? `${idPrefix}-keep` : undefined}
        onInput={(e) => props.onChange({ ...value, [key]: e.currentTarget.value })}
      />
    </>
  );
  return (
    <>
      <label for={`${idPrefix}-type`}>{t("looks.type")}</label>
      <select
        id={`${idPrefix}-type`}
        value={value.networkType}
        onChange={(e) =>
          props.onChange({ ...value, networkType: e.currentTarget.value as "HTTP" | "SOCKS5" })
        }
      >
        <option value="HTTP">HTTP</option>
        <option value="SOCKS5">SOCKS5</option>
      </select>
      {field("host")}
      {field("port")}
      {field("username")}
      {field("password", "password")}
      {props.keepPassword && (
        <p class="hint" id={`${idPrefix}-keep`}>
          {t("looks.passwordKeep")}
        </p>
      )}
    </>
  );
}
