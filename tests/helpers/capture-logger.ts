import type { Logger } from '../../server/definition/logger.ts';

export interface CapturedLog {
  level: 'error' | 'warn' | 'info';
  message: string;
  details: Record<string, unknown>;
}

/** A logger that records entries, so tests can assert what was logged (and how often). */
export function captureLogger(): Logger & { entries: CapturedLog[]; errors(): CapturedLog[] } {
  const entries: CapturedLog[] = [];
  const record = (level: CapturedLog['level']) => (details: object, message: string) => {
    entries.push({ level, message, details: details as Record<string, unknown> });
  };
  return {
    entries,
    errors: () => entries.filter((entry) => entry.level === 'error'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
  };
}
