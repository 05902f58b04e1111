/** The pages of Options, always in view: each a link to its own address. */
import { PAGES, type PageId } from "@/lib/options/pages";
import { useT } from "./shared";

export function Sidebar({ current, firstRun }: { current: PageId; firstRun: boolean }) {
  const t = useT();
  // The welcome stays in the list while the newcomer has no credentials, and whenever it is open.
  const ids: PageId[] = [
    ...(firstRun || current === "welcome" ? ["welcome" as const] : []),
    ...PAGES.map((page) => page.id),
  ];
  return (
    <nav class="sidebar" aria-label={t("page.nav")}>
      <ul>
        {ids.map((id) => (
          <li key={id}>
            <a href={`#${id}`} aria-current={id === current ? "page" : undefined}>
              {t(`pages.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
