import type { SnippetPart } from '../../../contract/help.ts';

/** Text with the keyword's occurrences marked (the parts keep their order, so their index is their key). */
export function SnippetText({ parts }: { parts: SnippetPart[] }) {
  return <>{parts.map((part, index) => (part.isMatch ? <mark key={String(index)}>{part.text}</mark> : <span key={String(index)}>{part.text}</span>))}</>;
}
