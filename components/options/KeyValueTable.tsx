/** Any JSON as a nested key/value table: the account records' shapes are not in the spec. */
import { humanKey, type KvNode, toKvNodes, unwrapEnvelope } from "@/lib/options/kv-table";
import { useT } from "./shared";

export function KeyValueTable({ value, label }: { value: unknown; label: string }) {
  const t = useT();
  const nodes = toKvNodes(unwrapEnvelope(value));
  if (nodes.length === 0) return <p class="hint">{t("account.empty")}</p>;
  return <Rows nodes={nodes} label={label} truncated={0} />;
}

function Rows({ nodes, label, truncated }: { nodes: KvNode[]; label: string; truncated: number }) {
  const t = useT();
  return (
    <table class="kv" aria-label={label}>
      <thead class="visually-hidden">
        <tr>
          <th scope="col">{t("account.key")}</th>
          <th scope="col">{t("account.value")}</th>
        </tr>
      </thead>
      <tbody>
        {nodes.map((node, index) => (
          // Keys repeat only in arrays, where the index is the identity.
          <tr key={`${node.key}-${index}`}>
            <th scope="row">{node.key === "" ? "—" : humanKey(node.key)}</th>
            <td>
              {node.kind === "value" ? (
                node.text
              ) : node.children.length === 0 ? (
                "—"
              ) : (
                <Rows nodes={node.children} label={humanKey(node.key)} truncated={node.truncated} />
              )}
            </td>
          </tr>
        ))}
        {truncated > 0 && (
          <tr>
            <td colSpan={2}>{t("account.more", { count: truncated })}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
