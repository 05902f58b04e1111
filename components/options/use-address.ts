/** The page the address bar names, followed as links and the back button change it. */
import { useEffect, useState } from "preact/hooks";
import { type Address, addressOf } from "@/lib/options/pages";

/**
 * `firstRun` is undefined until storage has been read. An address without a page is then
 * given one (welcome for a newcomer), so saving credentials midway does not move the page.
 */
export function useAddress(firstRun: boolean | undefined): Address {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);
  useEffect(() => {
    if (firstRun === undefined || hash !== "") return;
    const start = `#${addressOf("", !firstRun).page}`;
    history.replaceState(history.state, "", start);
    setHash(start);
  }, [firstRun, hash]);
  return addressOf(hash, firstRun !== true);
}
