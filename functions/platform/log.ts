import { setting } from './config.ts';

/** Structured JSON logs on stderr (CloudWatch in AWS, the terminal locally). */
export function logError(message: string, error: unknown, fields: Record<string, unknown> = {}): void {
  if (setting('LOG_LEVEL') === 'silent') return;
  const detail =
    error instanceof Error
      ? { error: error.name, error_message: error.message, stack: error.stack }
      : { error };
  process.stderr.write(`${JSON.stringify({ level: 'ERROR', message, ...fields, ...detail })}\n`);
}

export function logInfo(message: string, fields: Record<string, unknown> = {}): void {
  if (setting('LOG_LEVEL') === 'silent') return;
  process.stderr.write(`${JSON.stringify({ level: 'INFO', message, ...fields })}\n`);
}
