/** The popup's Trash view: its words come with its own chunk (off the first path). */
export const trashStrings = {
  name: "trash",
  en: {
    shownOf: "{shown} of {total} shown",
    showMore: "Show {count} more",
    trashEmpty: "The Trash is empty. Deleted tokens stay here for 30 days and can be restored.",
    trashList: "Deleted tokens",
    deletedWhen: "Deleted {when}",
    restorableUntil: "Restorable until {date} ({when})",
    notRestorable: "Can no longer be restored (the deadline was {date}).",
    providerNoRestore: "The provider said this token cannot be restored.",
    restore: "Restore",
    restoreLabel: "Restore token #{id}",
    restoring: "Restoring…",
    restoreSelected: "Restore selected ({count})",
    dismissLabel: "Dismiss token #{id} for good",
    dismissExpired: "Dismiss all that can no longer be restored ({count})",
    selectAllRestorable: "Select all restorable",
  },
};
