/** Options' pages and its welcome, in English and Simplified Chinese (spread into its strings). */
export const optionsPagesStrings = {
  en: {
    "pages.welcome": "Welcome",
    "pages.provider": "Provider & account",
    "pages.exit": "Exit IP & quality",
    "pages.tokens": "Tokens & health",
    "pages.rules": "Site rules & lists",
    "pages.traffic": "Traffic",
    "pages.sync": "Sync & backup",
    "pages.settings": "Settings",
    "exit.needsProvider":
      "The exit IP is checked once your provider's address is saved under API credentials.",
    "cred.saveVerify": "Save and verify",

    "welcome.heading": "Welcome to Proxy Deck",
    "welcome.intro":
      "Three steps, and this browser's traffic goes through your proxy. Nothing is sent anywhere until you choose to.",
    "welcome.done": "Done",
    "welcome.step1.heading": "1. Connect to your provider",
    "welcome.step1.intro":
      "Enter your provider's address and the access token (or username and password) from its account console, then choose Save and verify.",
    "welcome.step2.heading": "2. Get your first token",
    "welcome.step2.intro":
      "A token is one proxy: an address, a port and its login. Buy one from your provider, add one you already have, or bring your setup from another extension.",
    "welcome.step2.have":
      "{count, plural, one {You have # token.} other {You have # tokens.}} Add more any time under Tokens & health, or from Proxy Deck's button in the toolbar.",
    "welcome.buy": "Buy a token",
    "welcome.buyNeedsProvider": "To buy a token, connect to your provider first (step 1).",
    "welcome.add": "Add a proxy you already have",
    "welcome.importQuestion": "Coming from FoxyProxy or SwitchyOmega?",
    "welcome.importLink": "Import its backup file under Sync & backup",
    "welcome.step3.heading": "3. Connect",
    "welcome.step3.intro":
      "Choose a token: from then on this browser's traffic goes through it. Proxy Deck's button in the toolbar switches tokens, or turns the proxy Off, in one click.",
    "welcome.step3.needsToken": "Once you have a token, connect it here.",
    "welcome.connect": "Connect through {token}",
    "welcome.state.checking": "Waiting for the first answer through {token}…",
    "welcome.state.connected": "Your traffic goes through {token}.",
    "welcome.state.exit": "The web sees you at {ip} ({place}).",
    "welcome.finished":
      "You are set. The pages on the left hold the rest: your provider and account, the exit IP and its quality, token health, site rules, traffic, sync and backup, and settings.",
  },
  zh: {
    "pages.welcome": "欢迎",
    "pages.provider": "服务商与账户",
    "pages.exit": "出口 IP 与质量",
    "pages.tokens": "令牌与健康",
    "pages.rules": "网站规则与列表",
    "pages.traffic": "流量",
    "pages.sync": "同步与备份",
    "pages.settings": "设置",
    "exit.needsProvider": "在“API 凭据”中保存服务商地址后，才会检测出口 IP。",
    "cred.saveVerify": "保存并验证",

    "welcome.heading": "欢迎使用 Proxy Deck",
    "welcome.intro": "三步之后，本浏览器的流量就会经过你的代理。在你操作之前，不会发送任何内容。",
    "welcome.done": "已完成",
    "welcome.step1.heading": "1. 连接服务商",
    "welcome.step1.intro":
      "填写服务商的地址，以及在其账户控制台中获得的访问令牌（或用户名和密码），然后选择“保存并验证”。",
    "welcome.step2.heading": "2. 获取第一个令牌",
    "welcome.step2.intro":
      "一个令牌就是一个代理：地址、端口及其登录信息。可以向服务商购买，添加你已有的代理，或从其他扩展导入你的设置。",
    "welcome.step2.have":
      "你有 {count} 个令牌。之后可随时在“令牌与健康”中，或通过工具栏中的 Proxy Deck 按钮添加更多。",
    "welcome.buy": "购买令牌",
    "welcome.buyNeedsProvider": "要购买令牌，请先连接服务商（第 1 步）。",
    "welcome.add": "添加已有的代理",
    "welcome.importQuestion": "从 FoxyProxy 或 SwitchyOmega 迁移？",
    "welcome.importLink": "在“同步与备份”中导入其备份文件",
    "welcome.step3.heading": "3. 连接",
    "welcome.step3.intro":
      "选择一个令牌：此后本浏览器的流量都经过它。工具栏中的 Proxy Deck 按钮可一键切换令牌或关闭代理。",
    "welcome.step3.needsToken": "有了令牌后，在这里连接。",
    "welcome.connect": "通过 {token} 连接",
    "welcome.state.checking": "正在等待经由 {token} 的第一个响应…",
    "welcome.state.connected": "你的流量经过 {token}。",
    "welcome.state.exit": "网站看到你的地址是 {ip}（{place}）。",
    "welcome.finished":
      "设置完成。左侧的各页面包含其余功能：服务商与账户、出口 IP 及其质量、令牌健康、网站规则、流量、同步与备份，以及设置。",
  },
};
