/** The logging surface the server uses; pino-compatible, so a pino logger can be passed in. */
export interface Logger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** One JSON line per entry on stderr/stdout. */
export function createConsoleLogger(): Logger {
  const line = (level: string, details: object, message: string) =>
    JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...details });
  return {
    error: (details, message) => console.error(line('error', details, message)),
    warn: (details, message) => console.warn(line('warn', details, message)),
    info: (details, message) => console.log(line('info', details, message)),
  };
}

/** Serialises an error for a log line: name, message and stack, never the request. */
export function errorDetails(error: unknown): object {
  if (error instanceof Error)
    return { err: { name: error.name, message: error.message, stack: error.stack } };
  return { err: { message: String(error) } };
}
