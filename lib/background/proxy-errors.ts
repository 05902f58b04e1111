/**
 * The browsers' proxy error events, as a problem of the connected token. They name no request:
 * while a health check's probes are out they may be theirs (a gateway found down is no problem
 * of the user's token), and the user's own failing requests still show in the traffic log and
 * the page's count meanwhile.
 */
import { proxyProblem } from "../proxy/proxy-error";
import { proxyEndpoint } from "../state/token-facts";
import { readStateWithNamedTokens } from "../storage/read";

export function proxyErrorReporter(deps: {
  probing: () => boolean;
  report: (problem: ReturnType<typeof proxyProblem>) => Promise<unknown>;
}) {
  // It comes once per failed request: only the connected token is decoded, not the list.
  const connected = ({ connection }: { connection: { activeTokenId: number | null } }) =>
    new Set(connection.activeTokenId === null ? [] : [connection.activeTokenId]);
  return (error: string): void => {
    if (deps.probing()) return;
    void readStateWithNamedTokens(["connection"], connected).then(({ tokens, connection }) => {
      const active = tokens.find((t) => t.id === connection.activeTokenId);
      return deps.report(proxyProblem(error, active ? proxyEndpoint(active) : ""));
    });
  };
}
