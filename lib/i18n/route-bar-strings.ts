/** The popup's route line (no token connected: Off, or site rules only): its chunk's own words. */
export const routeBarStrings = {
  en: {
    routeLabel: "Where traffic goes",
    routeOff: "Off: every site goes direct, site rules included.",
    routeNoToken: "No token chosen: sites go direct unless a site rule routes them.",
    turnOn: "Turn on",
    turnOnLabel: "Turn on: connect token #{id} again",
    turnOff: "Off",
    turnOffLabel: "Turn off: every site goes direct, site rules included",
  },
  zh: {
    routeLabel: "流量去向",
    routeOff: "已关闭：所有网站直连，包括网站规则。",
    routeNoToken: "未选择令牌：除网站规则转发的网站外，其余网站直连。",
    turnOn: "开启",
    turnOnLabel: "开启：重新连接令牌 #{id}",
    turnOff: "关闭",
    turnOffLabel: "关闭：所有网站直连，包括网站规则",
  },
};
