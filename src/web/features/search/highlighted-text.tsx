import type { TextSegment } from './highlight.ts';

/** Text with the buyer's words marked. */
export function HighlightedText({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.isMatch ? (
          <mark key={i} className="search-mark">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
