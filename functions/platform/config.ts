/**
 * Configuration from the environment, read once per cold start. A missing required variable fails
 * at once, naming itself, rather than at the first request that needs it.
 */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export function optionalEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function numberEnv(name: string, fallback: number, range: { min: number; max: number }): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    throw new Error(
      `Environment variable ${name} must be a number from ${range.min} to ${range.max}, got ${raw}`,
    );
  }
  return value;
}
