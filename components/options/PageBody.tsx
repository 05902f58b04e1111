/** The sections of one page of Options. Each page mounts only its own: a page not shown asks nothing. */

import { useState } from "preact/hooks";
import type { PageId } from "@/lib/options/pages";
import { AccountSection } from "./AccountSection";
import { AddProxiesSection } from "./AddProxiesSection";
import { BackupSection } from "./BackupSection";
import { CredentialsSection } from "./CredentialsSection";
import { DiagnosticsSection } from "./DiagnosticsSection";
import { ExitIpSection } from "./ExitIpSection";
import { HealthSection } from "./health/HealthSection";
import { TokenLooksSection } from "./looks/TokenLooksSection";
import type { PageData } from "./page-data";
import { QualitySection } from "./QualitySection";
import { RulesSection } from "./rules/RulesSection";
import { SettingsSection } from "./SettingsSection";
import { SyncSection } from "./SyncSection";
import { TrafficSection } from "./traffic/TrafficSection";
import { WelcomePage } from "./welcome/WelcomePage";

export type { PageData } from "./page-data";

export function PageBody({ page, data }: { page: PageId; data: PageData }) {
  const { settings, connection, tokens } = data;
  switch (page) {
    case "welcome":
      return <WelcomePage data={data} />;
    case "provider":
      return (
        <>
          <CredentialsSection settings={settings} />
          <AccountSection settings={settings} />
        </>
      );
    case "exit":
      return <ExitPage data={data} />;
    case "tokens":
      return (
        <>
          <TokenLooksSection tokens={tokens} />
          <HealthSection tokens={tokens} settings={settings} />
          <AddProxiesSection tokens={tokens} />
        </>
      );
    case "rules":
      return <RulesSection tokens={tokens} connection={connection} />;
    case "traffic":
      return <TrafficSection />;
    case "sync":
      return (
        <>
          <SyncSection />
          <BackupSection />
        </>
      );
    case "settings":
      return (
        <>
          <SettingsSection settings={settings} />
          <DiagnosticsSection />
        </>
      );
  }
}

/** The exit IP and how good it is. */
function ExitPage({ data }: { data: PageData }) {
  // The exit check tells the quality card which IP to rate.
  const [exitIp, setExitIp] = useState<string | null>(null);
  return (
    <>
      <ExitIpSection {...data} onExitIp={setExitIp} />
      <QualitySection exitIp={exitIp} />
    </>
  );
}
