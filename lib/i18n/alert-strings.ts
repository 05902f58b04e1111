/** The popup's rare alerts (traffic blocked, a failure nobody watched, another extension in control): their chunk's own words. */
export const alertStrings = {
  en: {
    controlledByOther:
      "Another extension controls the browser's proxy setting: Proxy Deck cannot take effect until it is disabled.",
    blockedTitle: "Traffic is blocked: nothing leaves until you choose.",
    goDirect: "Turn off (every site direct)",
    chooseToken: "Choose another token",
    unseenAutoRefresh: "The automatic IP refresh failed while you were away.",
    unseenToggle: "The keyboard shortcut could not switch the proxy.",
  },
  zh: {
    controlledByOther: "另一个扩展正在控制浏览器的代理设置：停用它之后 Proxy Deck 才能生效。",
    blockedTitle: "流量已阻止：在你选择之前不会有任何流量发出。",
    goDirect: "关闭（所有网站直连）",
    chooseToken: "选择其他令牌",
    unseenAutoRefresh: "你离开期间自动更换 IP 失败。",
    unseenToggle: "快捷键未能切换代理。",
  },
};
