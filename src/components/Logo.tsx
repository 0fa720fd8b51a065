/** The pips mark: a die face with five pips, in the brand colour. */
export function Logo({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect x="2" y="2" width="60" height="60" rx="14" fill="var(--mantine-primary-color-filled)" />
      <g fill="#fff">
        <circle cx="19" cy="19" r="5.5" />
        <circle cx="45" cy="19" r="5.5" />
        <circle cx="32" cy="32" r="5.5" />
        <circle cx="19" cy="45" r="5.5" />
        <circle cx="45" cy="45" r="5.5" />
      </g>
    </svg>
  );
}
