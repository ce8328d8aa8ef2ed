// #region layout
import { Link, Outlet } from '#runtime/shared';
import { href } from './routes.ts';

/** Around every page, error pages included: the header stays on screen while pages change below it. */
export default function ShelfLayout() {
  return (
    <>
      <header>
        <Link to={href('books')}>My shelf</Link> <Link to={href('my-notes')}>My notes</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}
// #endregion layout
