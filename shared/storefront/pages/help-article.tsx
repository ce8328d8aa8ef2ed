import type { Head, SegmentProps } from '../../routing/route-table.ts';
import { Link } from '../../ui/link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { messagesFor, pageTitle } from '../messages.ts';
import type { HelpArticleData } from '../types.ts';

export default function HelpArticlePage({ data, locale }: SegmentProps<HelpArticleData>) {
  const messages = messagesFor(locale);
  const { article } = data;
  return (
    <div className="container page page--narrow">
      <Breadcrumbs
        label={messages.breadcrumb}
        items={[
          { label: messages.breadcrumbHome, path: '/' },
          { label: messages.helpTitle, path: '/help' },
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
        <Link to="/help">
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
