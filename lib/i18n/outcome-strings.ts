/**
 * What a delete or restore did, counted as "label: n" (no plural rules needed): the words load
 * with the outcome module, off the popup's first path.
 */
export const outcomeStrings = {
  name: "outcome",
  en: {
    deletedSome: "Moved to the Trash: {count}.",
    deletedForGood: "The provider says {count} of them cannot be restored.",
    deleteFailedSome: "Not deleted, still in the list ({count}):",
    failedItem: "#{id}: {reason}",
    restoredSome: "Restored from the Trash: {count}.",
    restoreFailedSome: "Not restored ({count}):",
  },
};
