/**
 * HTML the server sanitised (help articles and the company pages' prose, see sanitizeHelpHtml):
 * shown as it is; nothing at all when a block is empty.
 */
export function HelpHtml({ html, className }: { html: string; className: string }) {
  if (html === '') return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
