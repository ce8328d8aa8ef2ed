// #region my-notes-page
import { Form, type Head, Link, SubmitButton } from '#runtime/shared';
import { href, type Props } from './routes.ts';

export default function MyNotesPage({ data }: Props<'my-notes'>) {
  return (
    <article>
      {/* The flash value: shown once, right after signing in. */}
      {data.notice ? <p role="status">{data.notice}</p> : null}
      <h1>{`${data.reader}’s notes`}</h1>
      {data.notes.length === 0 ? <p>No notes yet: add one on a book’s page.</p> : null}
      <ul>
        {data.notes.map(({ book, note }) => (
          <li key={note.id}>
            <Link to={href('book', { id: book.id })}>{book.title}</Link>
            {`: ${note.text}`}
          </li>
        ))}
      </ul>
      <Form action="sign-out">
        <SubmitButton>Sign out</SubmitButton>
      </Form>
    </article>
  );
}

export const head = (): Head => ({ title: 'My notes' });
// #endregion my-notes-page
