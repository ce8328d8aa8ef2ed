import { notFound } from '#runtime/shared';
import type { HelpArticleData, HelpData } from '../../types.ts';
import { findHelpArticle, helpSections } from '../help-articles.ts';
import type { Step } from '../step.ts';
import { slugPath } from './slug-path.ts';

/** The help centre index: articles grouped by section. */
export const helpStep: Step<'help', HelpData> = function helpStep({ locale }) {
  return { sections: helpSections(locale) };
};

/** One help article at its nested slug (`/help/shipping/delivery-times`). */
export const helpArticleStep: Step<'help-article', HelpArticleData> = function helpArticleStep({
  params,
  locale,
}) {
  const slug = slugPath(params.slug);
  const article = slug ? findHelpArticle(slug, locale) : undefined;
  return article ? { article } : notFound();
};
