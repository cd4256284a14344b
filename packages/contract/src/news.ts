// News (the dashboard's latest news) and the common login alert, both edited by the superadmin.
import { z } from 'zod';

/** Editor html is at most this long (images are uploaded files, not inline data). */
export const NEWS_HTML_MAX = 200_000;

const html = z.string().max(NEWS_HTML_MAX, 'The text is too long');

/** The current news; html is '' when none was ever saved. */
export const ZNews = z.object({ html: z.string() });
export type TNews = z.infer<typeof ZNews>;
export const ZNewsUpdate = z.object({ html });
export type TNewsUpdate = z.infer<typeof ZNewsUpdate>;

/** The current common login alert; shown after login only when enabled and not empty. */
export const ZAlert = z.object({ enable: z.boolean(), html: z.string() });
export type TAlert = z.infer<typeof ZAlert>;
export const ZAlertUpdate = z.object({ enable: z.boolean(), html: html.default('') });
export type TAlertUpdate = z.input<typeof ZAlertUpdate>;

/** The note after a save (spec 1 sections 2 and 8). */
export const NEWS_SAVED_NOTE = { heading: 'Success', body: 'Successfully saved' } as const;
