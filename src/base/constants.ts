/** The system id, used as the prefix of settings, flags, hooks and queries. */
export const SYSTEM_ID = "nobc";
