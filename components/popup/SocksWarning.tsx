import type { CreateForm } from "../../lib/popup/create";
import { useCreateT } from "./create-words";
import { useEnv } from "./env";

/** Chrome cannot authenticate SOCKS5 proxies: said wherever SOCKS5 is chosen. */
export function SocksWarning({ networkType }: { networkType: CreateForm["networkType"] }) {
  const { socksAuth } = useEnv();
  const t = useCreateT();
  return networkType === "SOCKS5" && !socksAuth ? <p class="warn">{t("socksWarning")}</p> : null;
}
