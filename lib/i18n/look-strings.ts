/**
 * Naming and colouring tokens, editing a hand-added proxy, and adding one proxy by its fields
 * (Options), in English and Simplified Chinese.
 */

import { translateOf } from "./index";
import { withPlurals } from "./plural";

export const lookStrings = {
  en: {
    "looks.heading": "Names and colours",
    "looks.intro":
      "Give a token a name and a colour: they show in the popup, the site rules, the page menu and the toolbar title, so two tokens of one country read apart. Names and colours are kept in backups and synced; passwords never are.",
    "looks.none": "No tokens yet.",
    "looks.edit": "Edit",
    "looks.editLabel": "Edit token #{id}",
    "looks.save": "Save",
    "looks.cancel": "Cancel",
    "looks.saved": "Saved token #{id}.",
    "looks.name": "Token name",
    "looks.nameHint": "Up to 40 characters.",
    "looks.colour": "Token colour",
    "looks.colour.none": "None",
    "looks.colour.red": "Red",
    "looks.colour.orange": "Orange",
    "looks.colour.yellow": "Yellow",
    "looks.colour.green": "Green",
    "looks.colour.blue": "Blue",
    "looks.colour.purple": "Purple",
    "looks.colour.brown": "Brown",
    "looks.colour.grey": "Grey",
    "looks.type": "Proxy type",
    "looks.host": "Proxy host",
    "looks.port": "Proxy port",
    "looks.username": "Proxy username",
    "looks.password": "Proxy password",
    "looks.passwordKeep": "Leave empty to keep the saved password.",
    "looks.problem": "Not saved: {reason}",
    "looks.problem.missing": "the token is no longer in the list.",
    "looks.problem.not-editable": "only a proxy you added can change its address.",
    "looks.problem.duplicate": "another proxy has this host, port and username.",
    "looks.addOne": "Or add one proxy by its fields",
    "looks.addButton": "Add this proxy",
    "looks.added": "Added proxy #{id}. It is in the popup's list.",
    "looks.already": "This proxy is already in the list.",
    "looks.count": "{count, plural, one {# token} other {# tokens}}",
  },
  zh: {
    "looks.heading": "名称和颜色",
    "looks.intro":
      "为令牌起名并选择颜色：它们显示在弹出窗口、网站规则、页面菜单和工具栏标题中，让同一国家的两个令牌一眼可辨。名称和颜色会保存在备份中并同步；密码永不同步。",
    "looks.none": "还没有令牌。",
    "looks.edit": "编辑",
    "looks.editLabel": "编辑令牌 #{id}",
    "looks.save": "保存",
    "looks.cancel": "取消",
    "looks.saved": "已保存令牌 #{id}。",
    "looks.name": "令牌名称",
    "looks.nameHint": "最多 40 个字符。",
    "looks.colour": "令牌颜色",
    "looks.colour.none": "无",
    "looks.colour.red": "红色",
    "looks.colour.orange": "橙色",
    "looks.colour.yellow": "黄色",
    "looks.colour.green": "绿色",
    "looks.colour.blue": "蓝色",
    "looks.colour.purple": "紫色",
    "looks.colour.brown": "棕色",
    "looks.colour.grey": "灰色",
    "looks.type": "代理类型",
    "looks.host": "代理主机",
    "looks.port": "代理端口",
    "looks.username": "代理用户名",
    "looks.password": "代理密码",
    "looks.passwordKeep": "留空则保留已保存的密码。",
    "looks.problem": "未保存：{reason}",
    "looks.problem.missing": "该令牌已不在列表中。",
    "looks.problem.not-editable": "只有你自己添加的代理才能修改地址。",
    "looks.problem.duplicate": "已有另一个代理使用相同的主机、端口和用户名。",
    "looks.addOne": "或按字段添加一个代理",
    "looks.addButton": "添加此代理",
    "looks.added": "已添加代理 #{id}，它在弹出窗口的列表中。",
    "looks.already": "此代理已在列表中。",
    "looks.count": "{count} 个令牌",
  },
} as const;

export const lookTranslate = translateOf(lookStrings, withPlurals);
export type LookT = ReturnType<ReturnType<typeof lookTranslate>>;
