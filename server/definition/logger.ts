/**
 * The logging surface the server uses; pino-compatible, so a pino logger can be passed in. Details first,
 * then the message: `logger.warn({ attempt }, 'the database is unreachable')`. An app's services get one
 * (`ServicesStart.logger`); the test kit captures what it logs (`TestApp.logs`).
 */
export interface Logger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}
