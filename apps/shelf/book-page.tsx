// #region book-page
import { Form, type Head, SubmitButton, useActionResult } from '#runtime/shared';
import type { Props } from './routes.ts';

export default function BookPage({ data }: Props<'book'>) {
  const { book } = data;
  const rejected = useActionResult('add-note');
  return (
    <article>
      <h1>{book.title}</h1>
      <p>{`by ${book.author}`}</p>
      <ul>
        {book.notes.map((note) => (
          <li key={note.id}>{note.text}</li>
        ))}
      </ul>
      {/* A new key per note added: after a successful post the form starts empty again. */}
      <Form action="add-note" key={book.notes.length}>
        <label>
          Note{' '}
          <input
            name="note"
            defaultValue={rejected?.values.note ?? ''}
            aria-invalid={rejected ? true : undefined}
          />
        </label>
        {rejected?.errors.note ? <p role="alert">{rejected.errors.note}</p> : null}
        <SubmitButton>Add note</SubmitButton>
      </Form>
    </article>
  );
}

export const head = ({ data }: Props<'book'>): Head => ({ title: data.book.title });

/** A book that does not exist (the data step's `notFound()`), shown inside the layout. */
export function NotFoundComponent() {
  return <p>No such book on the shelf.</p>;
}
// #endregion book-page
