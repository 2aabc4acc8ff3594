/** The command line was wrong (unknown command, missing argument, no config): exit code 2. */
export class UsageError extends Error {}
