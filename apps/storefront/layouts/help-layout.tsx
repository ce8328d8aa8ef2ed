import { useState } from 'react';
import { type Href, Link, Outlet, useIsCurrentPage } from '#runtime/shared';
import { href, type Props } from '../href.ts';
import { messagesFor } from '../messages.ts';

/**
 * The help centre's layout: an article navigation beside the index and the articles. It stays (with its
 * scroll position and focus) while a visitor moves between articles; only the article's data is fetched.
 */
export default function HelpLayout({ data, locale }: Props<'help-layout'>) {
  const messages = messagesFor(locale);
  const isCurrentPage = useIsCurrentPage();
  const current = (to: Href) => (isCurrentPage(to) ? 'page' : undefined);
  const [filter, setFilter] = useState('');
  const query = filter.trim().toLocaleLowerCase(locale);
  const sections = data.sections
    .map((section) => ({
      ...section,
      articles: section.articles.filter((article) => article.title.toLocaleLowerCase(locale).includes(query)),
    }))
    .filter((section) => section.articles.length > 0);
  return (
    <div className="container page with-sidebar">
      <nav className="sidebar" aria-label={messages.helpTopics}>
        <p className="sidebar__title">
          <Link to={href('help')} className="sidebar__link" aria-current={current(href('help'))}>
            {messages.helpTitle}
          </Link>
        </p>
        <input
          type="search"
          className="sidebar__filter"
          placeholder={messages.filterTopics}
          aria-label={messages.filterTopics}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {sections.length === 0 ? <p className="sidebar__empty">{messages.noTopicMatches}</p> : null}
        {sections.map((section) => (
          <div key={section.id} className="sidebar__group">
            <h2 className="sidebar__heading">{section.title}</h2>
            <ul className="sidebar__list">
              {section.articles.map((article) => (
                <li key={article.slug}>
                  <Link
                    to={href('help-article', { slug: article.slug.split('/') })}
                    className="sidebar__link"
                    aria-current={current(href('help-article', { slug: article.slug.split('/') }))}
                  >
                    {article.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="with-sidebar__content">
        <Outlet />
      </div>
    </div>
  );
}
