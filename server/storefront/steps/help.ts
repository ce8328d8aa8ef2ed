import { notFound } from '../../../shared/routing/control-signals.ts';
import type { HelpArticleData, HelpData } from '../../../shared/storefront/types.ts';
import type { DataStep } from '../../data-step.ts';
import { findHelpArticle, helpSections } from '../help-articles.ts';
import { slugPath } from './slug-path.ts';

/** The help centre index: articles grouped by section. */
export const helpStep: DataStep<HelpData> = function helpStep({ locale }) {
  return { sections: helpSections(locale) };
};

/** One help article at its nested slug (`/help/shipping/delivery-times`). */
export const helpArticleStep: DataStep<HelpArticleData> = function helpArticleStep({ params, locale }) {
  const slug = slugPath(params.slug);
  const article = slug ? findHelpArticle(slug, locale) : undefined;
  return article ? { article } : notFound();
};
