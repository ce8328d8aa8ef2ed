const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether `text` is a UUID as we make them (randomUUID: lower-case): cart ids, order ids, form keys. Checked
 * before a query, so a malformed one never reaches the database's uuid type (an error there, not a miss).
 */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
