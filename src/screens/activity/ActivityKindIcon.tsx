import { ThemeIcon } from '@mantine/core';
import type { ActivityKind } from './activityMessages';

/** 24x24 outline paths, one per kind (decorative: the kind is also written out). */
const icons: Record<ActivityKind | 'pending', { color: string; path: string }> = {
  promo: { color: 'indigo', path: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z' },
  qr: { color: 'teal', path: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2v2h-2zM18 14h2v2h-2z' },
  questionnaire: { color: 'grape', path: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h3' },
  redeem: { color: 'orange', path: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0' },
  adjustment: { color: 'gray', path: 'M4 7h10M18 7h2M4 17h2M10 17h10M14 5v4M6 15v4' },
  trivia: { color: 'cyan', path: 'M9 9a3 3 0 1 1 4 2.8c-.7.3-1 1-1 1.7V15M12 18v.5M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z' },
  contest: { color: 'pink', path: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8' },
  pending: { color: 'yellow', path: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3' },
};

export function ActivityKindIcon({ kind }: { kind: ActivityKind | 'pending' }) {
  const { color, path } = icons[kind];
  return (
    <ThemeIcon color={color} variant="light" size={40} radius="xl" aria-hidden="true">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round">
        <path d={path} />
      </svg>
    </ThemeIcon>
  );
}
