// #region book-list
import { Link } from '#runtime/shared';
import { href, type Props } from './routes.ts';

export default function BookList({ data }: Props<'books'>) {
  return (
    <>
      <h1>My shelf</h1>
      <ul>
        {data.books.map((book) => (
          <li key={book.id}>
            <Link to={href('book', { id: book.id })}>{book.title}</Link>
            {` by ${book.author} (${book.noteCount} ${book.noteCount === 1 ? 'note' : 'notes'})`}
          </li>
        ))}
      </ul>
    </>
  );
}

export const head = () => ({ title: 'My shelf' });
// #endregion book-list
