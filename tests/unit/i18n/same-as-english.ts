export const SAME_AS_ENGLISH: Partial<Record<string, readonly string[]>> = {};
