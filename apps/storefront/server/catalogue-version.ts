import type { Database, QueryOptions } from '#runtime/database';

/** The channel migration 0009 announces every bump of the catalogue's version on, with the new version. */
const CHANNEL = 'catalogue_version';
/**
 * How long a known version is trusted without an announcement: were one lost on its way (a connection pooler
 * in transaction mode drops them), a changed page would still get a new ETag within this, inside s-maxage.
 */
const TRUSTED_FOR_MS = 5_000;

/**
 * The catalogue's version kept in memory: the database announces each bump, so a public page's ETag needs
 * no query. Its row is read on first use, while announcements may be missed (listening not yet started, or
 * its connection to a Postgres server broken) and every 5 s. A read that overlapped an announcement, a loss
 * or the start of listening is used but not kept: it may predate what was announced.
 */
class CatalogueVersion {
  readonly #db: Database;
  #known: string | undefined;
  #knownSince = 0;
  /** Counts announcements, losses and starts of listening, so a read can tell whether one overlapped it. */
  #epoch = 0;
  #listening = false;
  #listenStarted = false;

  constructor(db: Database) {
    this.#db = db;
  }

  async read(options: QueryOptions): Promise<string> {
    if (this.#known !== undefined && Date.now() - this.#knownSince < TRUSTED_FOR_MS) return this.#known;
    if (!this.#listenStarted) {
      this.#listenStarted = true;
      void this.#listen();
    }
    const epoch = this.#epoch;
    const [row] = await this.#db.query<{ version: string }>(
      'select version::text as version from catalogue_version',
      [],
      options,
    );
    const version = row?.version ?? '';
    if (this.#listening && epoch === this.#epoch) this.#keep(version);
    return version;
  }

  #keep(version: string | undefined) {
    this.#known = version;
    this.#knownSince = Date.now();
  }

  async #listen(): Promise<void> {
    const changed = (listening: boolean, version?: string) => {
      this.#epoch += 1;
      this.#listening = listening;
      this.#keep(version);
    };
    try {
      await this.#db.listen(CHANNEL, {
        onNotify: (version) => changed(true, version),
        onLost: () => changed(false),
        onListening: () => changed(true),
      });
      changed(true);
    } catch {
      // The database is unreachable: reads go to the row, and the next one tries to listen again.
      this.#listenStarted = false;
    }
  }
}

const versions = new WeakMap<Database, CatalogueVersion>();

/** The catalogue's version in `db`, from memory when the database has announced it. */
export function readCatalogueVersion(db: Database, options: QueryOptions = {}): Promise<string> {
  let version = versions.get(db);
  if (!version) {
    version = new CatalogueVersion(db);
    versions.set(db, version);
  }
  return version.read(options);
}
