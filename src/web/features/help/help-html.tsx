/**
 * HTML the server sanitised (help articles and the company pages' prose, see sanitizeHelpHtml):
 * shown as it is, its links underlined (.prose); nothing at all when a block is empty.
 */
export function HelpHtml({ html, className }: { html: string; className: string }) {
  if (html === '') return null;
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
