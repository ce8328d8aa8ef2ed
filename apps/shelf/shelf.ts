// #region shelf
/** A note a reader added to a book. */
export interface Note {
  id: number;
  text: string;
  /** Who wrote it, when they had signed in. */
  reader?: string;
}

export interface Book {
  id: string;
  title: string;
  author: string;
  notes: Note[];
}

/** The app's data store: in memory, so it starts empty of notes with every process (no database to set up). */
export interface Shelf {
  books(): Book[];
  book(id: string): Book | undefined;
  /** Adds a note to a book, by `reader` when signed in; false when there is no such book. */
  addNote(bookId: string, text: string, reader?: string): boolean;
  /** A reader's notes, with the book each is on. */
  notesBy(reader: string): { book: Pick<Book, 'id' | 'title'>; note: Note }[];
}

const FIRST_BOOKS = [
  { id: 'dune', title: 'Dune', author: 'Frank Herbert' },
  { id: 'middlemarch', title: 'Middlemarch', author: 'George Eliot' },
  { id: 'the-dispossessed', title: 'The Dispossessed', author: 'Ursula K. Le Guin' },
];

export function createShelf(): Shelf {
  const books = new Map(FIRST_BOOKS.map((book) => [book.id, { ...book, notes: [] as Note[] }]));
  let lastNoteId = 0;
  return {
    books: () => [...books.values()],
    book: (id) => books.get(id),
    addNote(bookId, text, reader) {
      const book = books.get(bookId);
      if (!book) return false;
      lastNoteId += 1;
      book.notes.push({ id: lastNoteId, text, ...(reader && { reader }) });
      return true;
    },
    notesBy: (reader) =>
      [...books.values()].flatMap(({ id, title, notes }) =>
        notes.filter((note) => note.reader === reader).map((note) => ({ book: { id, title }, note })),
      ),
  };
}
// #endregion shelf
