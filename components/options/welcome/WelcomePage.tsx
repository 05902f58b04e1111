/**
 * The newcomer's start: provider → first token → connect, each step saying when it is done.
 * Nothing is asked of the provider before the user acts, so nothing can fail before then.
 */
import "./welcome.css";
import { CredentialsSection } from "../CredentialsSection";
import type { PageData } from "../page-data";
import { useT } from "../shared";
import { ConnectStep } from "./ConnectStep";
import { FirstToken } from "./FirstToken";

export function WelcomePage({ data }: { data: PageData }) {
  const t = useT();
  const { settings, tokens } = data;
  const hasProvider = settings.baseUrl !== "" && settings.auth !== null;
  return (
    <>
      <section id="welcome" class="welcome" aria-labelledby="welcome-heading">
        <h2 id="welcome-heading">{t("welcome.heading")}</h2>
        <p>{t("welcome.intro")}</p>
      </section>
      <CredentialsSection
        settings={settings}
        welcome={{
          heading: t("welcome.step1.heading"),
          intro: t("welcome.step1.intro"),
          done: hasProvider,
        }}
      />
      <FirstToken tokens={tokens} hasProvider={hasProvider} />
      <ConnectStep data={data} />
    </>
  );
}
