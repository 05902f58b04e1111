/**
 * The one status vocabulary (lib/state/route-status.ts decides which applies): the popup's top
 * line and token row, Options' exit IP section and the toolbar title all say these words, so one
 * state reads the same wherever the user looks. Each page's table carries them under these keys.
 */
import type { RouteStatus, RouteStatusKind } from "../state/route-status";

export const statusWords = {
  name: "status",
  en: {
    "status.off": "Off",
    "status.none": "No token",
    "status.checking": "Checking #{id}",
    "status.through": "Through #{id}",
    "status.failing": "#{id} not working",
    "status.blocked": "Blocked",
    "status.foreign": "Another extension in control",
  },
} satisfies { name: string; en: Record<`status.${RouteStatusKind}`, string> };

export type StatusKey = keyof typeof statusWords.en;

/** The words for a decided status, with any page's translator (each carries these keys). */
export const sayStatus = (
  t: (key: StatusKey, values?: Record<string, string | number>) => string,
  route: RouteStatus,
): string => t(`status.${route.kind}`, { id: route.tokenId ?? "" });
