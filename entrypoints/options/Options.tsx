import "@/components/common/theme.css";
import "@/components/common/bidi.css";
import "@/components/options/options.css";
import { OptionsPage } from "@/components/options/OptionsPage";

export function Options() {
  return <OptionsPage />;
}
