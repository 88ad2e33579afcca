import { HIGHLIGHT_END, HIGHLIGHT_START } from '@/search/highlight-delimiters';

/** Renders a search snippet, turning the delimiters into <mark> elements (text stays text). */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  const parts = snippet.split(HIGHLIGHT_START);
  return (
    <>
      {parts.map((part, index) => {
        if (index === 0) return <span key="lead">{part}</span>;
        const [marked = '', rest = ''] = part.split(HIGHLIGHT_END);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's parts never move, and the same text may be marked twice, so position is their identity
          <span key={index}>
            <mark>{marked}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}
