/**
 * What a delete or restore did, counted as "label: n" (no plural rules needed): the words load
 * with the outcome module, off the popup's first path.
 */
export const outcomeStrings = {
  en: {
    deletedSome: "Moved to the Trash: {count}.",
    deletedForGood: "The provider says {count} of them cannot be restored.",
    deleteFailedSome: "Not deleted, still in the list ({count}):",
    failedItem: "#{id}: {reason}",
    restoredSome: "Restored from the Trash: {count}.",
    restoreFailedSome: "Not restored ({count}):",
  },
  zh: {
    deletedSome: "已将 {count} 个令牌移入回收站。",
    deletedForGood: "服务商表示其中 {count} 个无法恢复。",
    deleteFailedSome: "{count} 个令牌未能删除，仍保留在列表中：",
    failedItem: "#{id}：{reason}",
    restoredSome: "已恢复 {count} 个令牌。",
    restoreFailedSome: "{count} 个令牌未能恢复：",
  },
};
