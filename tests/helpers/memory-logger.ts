import { expect } from 'vitest';
import type { LogLevel } from '../../server/definition/config.ts';
import { createLogger } from '../../server/monitoring/logger.ts';

export type LogEntry = Record<string, unknown>;

/** A real pino logger (createLogger) writing into memory; entries() parses every line, failing on any non-JSON. */
export function memoryLogger(level: LogLevel = 'info') {
  const output: string[] = [];
  const logger = createLogger({
    level,
    pretty: false,
    destination: { write: (line) => void output.push(line) },
  });
  const text = () => output.join('');
  const entries = (): LogEntry[] => {
    for (const line of output) expect(line.endsWith('\n')).toBe(true);
    return text()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogEntry);
  };
  return { logger, text, entries };
}
