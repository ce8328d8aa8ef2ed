import { type Head, Link, useRouter } from '#runtime/shared';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { LoadingSection } from '../components/loading-section.tsx';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { HelpArticleData } from '../types.ts';

export default function HelpArticlePage({ data, locale }: Props<'help-article'>) {
  const messages = messagesFor(locale);
  const { article } = data;
  return (
    <div className="sidebar-page">
      <Breadcrumbs
        label={messages.breadcrumb}
        items={[
          { label: messages.breadcrumbHome, to: href('home') },
          { label: messages.helpTitle, to: href('help') },
        ]}
        current={article.title}
      />
      <article className="article">
        <p className="eyebrow">{article.sectionTitle}</p>
        <h1 className="article__title">{article.title}</h1>
        <p className="lead">{article.summary}</p>
        {/* Paragraphs are static text and never reorder, so the text itself is a stable key. */}
        {article.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </article>
      <p className="back-link">
        <Link to={href('help')}>
          <span aria-hidden="true">← </span>
          {messages.backToHelp}
        </Link>
      </p>
    </div>
  );
}

export function head({ data }: { data: HelpArticleData }): Head {
  return { title: pageTitle(data.article.title), description: data.article.summary };
}

// #region pending-and-not-found
/** Shown in place of this page while a slow navigation to another one waits for its data. */
export const PendingComponent = LoadingSection;

/** A missing article: shown inside the help layout (its navigation stays), with status 404. */
export function NotFoundComponent() {
  const { locale } = useRouter();
  const messages = messagesFor(locale);
  return (
    <div className="sidebar-page">
      <h1 className="article__title">{messages.articleNotFound}</h1>
      <p className="back-link">
        <Link to={href('help')}>{messages.backToHelp}</Link>
      </p>
    </div>
  );
}
// #endregion pending-and-not-found
