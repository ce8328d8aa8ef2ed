import { describe, expect, it } from 'vitest';
import { RefusedInputError } from '../../server/database/refused-input.ts';
import { databaseEngines, useMigratedDatabase } from '../helpers/database-engines.ts';

const engines = await databaseEngines();

describe.each(engines)('query parameters the database cannot take, on %s', (_engine, open) => {
  const database = useMigratedDatabase(open);

  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', '\uDC00'],
    ['NUL inside an array parameter', ['ok', '\u0000']],
  ])('refuses %s before the query runs, as RefusedInputError (422)', async (_case, value) => {
    const refused = database().query('select $1::text[] as v', [Array.isArray(value) ? value : [value]]);
    await expect(refused).rejects.toBeInstanceOf(RefusedInputError);
    await expect(refused).rejects.toMatchObject({ status: 422 });
  });

  it('passes a well-formed pair of surrogates (an emoji) and every other control character', async () => {
    const [row] = await database().query<{ v: string }>('select $1::text as v', ['🛒\u0001\u001b\u2028']);
    expect(row?.v).toBe('🛒\u0001\u001b\u2028');
  });

  it.each([
    ['not a UUID (22P02)', 'select $1::uuid', 'not-a-uuid'],
    ['not a number (22P02)', 'select $1::int', '12abc'],
    ['out of range for an int (22003)', 'select $1::int', '99999999999'],
    ['longer than its column (22001)', 'insert into short_text values ($1)', 'abcd'],
  ])('refuses a value %s as RefusedInputError', async (_case, sql, value) => {
    const refused = database().transaction(async (transaction) => {
      await transaction.query('create temp table short_text (v varchar(3)) on commit drop');
      return transaction.query(sql, [value]);
    });
    await expect(refused).rejects.toBeInstanceOf(RefusedInputError);
  });

  it('leaves an error that is not about a value as it is (division by zero is our bug: a 500)', async () => {
    const failed = database().query('select 1 / $1::int', ['0']);
    await expect(failed).rejects.not.toBeInstanceOf(RefusedInputError);
    await expect(failed).rejects.toMatchObject({ code: '22012' });
  });
});
