/**
 * The popup's "Keyboard shortcuts": its words come with its own chunk (off the first path). The
 * command descriptions mirror public/_locales (the manifest's), in the popup's own language.
 */
export const keyboardStrings = {
  en: {
    "keys.title": "Keyboard shortcuts",
    "keys.unset": "no key",
    "keys.reading": "Reading the keys…",
    "keys.whereChrome":
      "Set or change a key at chrome://extensions/shortcuts. Chrome leaves a key unset when another command already uses it.",
    "keys.whereFirefox":
      "Set or change a key in about:addons: the gear menu, then Manage Extension Shortcuts.",
    "keys.open": "Change keys",
    commandOff: "Turn the proxy off: everything goes direct",
    commandLastToken: "Connect the last token, or turn the proxy off",
    commandNextToken: "Switch to the next of your recent tokens",
    commandPreviousToken: "Switch to the previous of your recent tokens",
    commandSiteViaToken: "Send this site through the connected token",
    commandSiteDirect: "Send this site direct",
    "keys.openPopup": "Open this popup",
  },
  zh: {
    "keys.title": "键盘快捷键",
    "keys.unset": "未设置",
    "keys.reading": "正在读取快捷键…",
    "keys.whereChrome":
      "在 chrome://extensions/shortcuts 设置或更改快捷键。若某个按键已被其他命令占用，Chrome 不会为它分配。",
    "keys.whereFirefox": "在 about:addons 设置或更改快捷键：点击齿轮菜单，选择“管理扩展快捷键”。",
    "keys.open": "更改快捷键",
    commandOff: "关闭代理：所有流量直连",
    commandLastToken: "连接上次使用的令牌，或关闭代理",
    commandNextToken: "切换到下一个最近使用的令牌",
    commandPreviousToken: "切换到上一个最近使用的令牌",
    commandSiteViaToken: "让此网站通过已连接的令牌访问",
    commandSiteDirect: "让此网站直连",
    "keys.openPopup": "打开此弹出窗口",
  },
};
