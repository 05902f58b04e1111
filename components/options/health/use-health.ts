/**
 * The stored health results and the run's progress, as Options shows them: each read (and
 * its one JSON parse of the results text) happens once per storage change, not per render.
 * While the check waits for the provider's rate limit, a one-second clock moves the countdown.
 */
import { useEffect, useState } from "preact/hooks";
import { items } from "@/lib/storage/items";
import { read } from "@/lib/storage/read";
import { useStoredValue } from "../shared";

const readResults = () => read("tokenHealth");
const readRun = () => read("healthRun");
const readOwners = () => read("gatewayOwners");
// One empty value each, so memos over them hold until the first read is in.
const NO_RESULTS = {};
const NO_OWNERS = {};

export function useHealth() {
  const results = useStoredValue(items.tokenHealth, readResults) ?? NO_RESULTS;
  const run = useStoredValue(items.healthRun, readRun) ?? null;
  const owners = useStoredValue(items.gatewayOwners, readOwners) ?? NO_OWNERS;
  const [now, setNow] = useState(Date.now);
  const waiting = run?.state === "running" && run.waitingUntil !== null;
  useEffect(() => {
    setNow(Date.now());
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [waiting, run]);
  return { results, run, owners, now };
}
