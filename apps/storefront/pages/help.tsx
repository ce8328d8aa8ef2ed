import { type Head, Link, type Locale } from '#runtime/shared';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { HelpData } from '../types.ts';

export default function HelpPage({ data, locale }: Props<'help'>) {
  const messages = messagesFor(locale);
  return (
    <div className="sidebar-page">
      <Breadcrumbs
        label={messages.breadcrumb}
        items={[{ label: messages.breadcrumbHome, to: href('home') }]}
        current={messages.helpTitle}
      />
      <header className="page-header">
        <h1 className="page-header__title">{messages.helpTitle}</h1>
        <p className="lead">{messages.helpIntro}</p>
      </header>
      <div className="help-sections">
        {data.sections.map((section) => (
          <section key={section.id} className="help-section" aria-labelledby={`help-${section.id}`}>
            <h2 id={`help-${section.id}`} className="help-section__title">
              {section.title}
            </h2>
            <ul className="help-list">
              {section.articles.map((article) => (
                <li key={article.slug}>
                  <Link
                    to={href('help-article', { slug: article.slug.split('/') })}
                    className="help-list__link"
                  >
                    <span className="help-list__title">{article.title}</span>
                    <span className="help-list__summary">{article.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

export function head({ locale }: { data: HelpData; locale: Locale }): Head {
  const messages = messagesFor(locale);
  return { title: pageTitle(messages.helpTitle), description: messages.helpDescription };
}
