import type { SegmentProps } from '#runtime/shared';

/** The example's pages: a list of lines, the week's offers or the visitor's basket. */
export default function LinesPage({ data }: SegmentProps<{ lines: string[] }>) {
  return (
    <ul>
      {data.lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
