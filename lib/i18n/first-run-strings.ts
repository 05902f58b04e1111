/** The popup before any credentials: its chunk's own words (off the popup's first path). */
export const firstRunStrings = {
  en: {
    firstRunTitle: "Welcome to Proxy Deck",
    firstRunText:
      "First connect Proxy Deck to your proxy provider: enter its address and your API credentials in Options. Then buy a token here and connect in one click.",
    firstRunAction: "Set up your provider",
  },
  zh: {
    firstRunTitle: "欢迎使用 Proxy Deck",
    firstRunText:
      "请先把 Proxy Deck 连接到你的代理服务商：在设置页填写服务商地址和 API 凭据。之后即可在这里购买令牌，一键连接。",
    firstRunAction: "设置服务商",
  },
};
