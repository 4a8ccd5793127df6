/** Line icons of the shell, drawn inline so they need no requests and follow currentColor. */
const paths = {
  gift: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1.5S10 7 12 7zm0 0c2-4 6-4 6-1.5S14 7 12 7z',
  ticket: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
  cart: 'M3 4h2.5l2.2 11h10.8l2-8H6.6M9 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01',
  bom: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  qq: 'M12 3c-3.3 0-5.5 2.6-5.5 6.3 0 1-.3 2-1 3.3-.8 1.6-1.6 3.3-.6 3.6.6.2 1.3-.8 1.6-1.4.5 1.5 1.4 2.4 2 2.9-1.2.4-2 1-2 1.5 0 .8 1.6 1.3 3.7 1.3 1.4 0 2.4-.3 2.8-.6.4.3 1.4.6 2.8.6 2.1 0 3.7-.5 3.7-1.3 0-.5-.8-1.1-2-1.5.6-.5 1.5-1.4 2-2.9.3.6 1 1.6 1.6 1.4 1-.3.2-2-.6-3.6-.7-1.3-1-2.3-1-3.3C17.5 5.6 15.3 3 12 3z',
  service: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H4zM17 13h3v6h-3zM20 19c0 1.5-2 2-5 2',
  wechat:
    'M9.5 4C5.9 4 3 6.4 3 9.4c0 1.7 1 3.2 2.4 4.2L5 16l2.6-1.4c.6.2 1.2.3 1.9.3M15 9c3.3 0 6 2.2 6 5 0 1.5-.8 2.8-2 3.7l.4 2.1-2.3-1.2c-.7.2-1.4.3-2.1.3-3.3 0-6-2.2-6-5s2.7-4.9 6-4.9z',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  top: 'M5 4h14M12 20V9M7 13l5-5 5 5',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM16 16l5 5',
  bell: 'M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  truck: 'M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a1.5 1.5 0 1 0 0-.01M17 19a1.5 1.5 0 1 0 0-.01',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3z',
  chevron: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6L6 18',
  menu: 'M4 6h16M4 12h16M4 18h16',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
