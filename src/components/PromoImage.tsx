import { useState, type CSSProperties } from 'react';
import { sectionIcons } from './navigation/sectionIcons';

export interface PromoImageProps {
  /** The operator's image, or null for the placeholder. */
  src: string | null | undefined;
  /** Its pixel size, when the server knows it (an image set with --image). */
  width?: number | null;
  height?: number | null;
  /** EARN shows the Earn icon on the placeholder, REDEEM the Redeem one. */
  type: 'EARN' | 'REDEEM';
  /**
   * thumb: a square tile (earn actions, My rewards); banner: the full width of a card at a fixed
   * height (rewards); hero: the full width of a detail screen, at most `size` high. Either way the
   * box's size is set before the image loads, so nothing shifts.
   */
  variant: 'thumb' | 'banner' | 'hero';
  /** The tile's side (thumb), the banner's height, or the hero's greatest height, in px. */
  size: number;
  radius?: CSSProperties['borderRadius'];
}

/**
 * An earn action's or a reward's image (decorative: the title says what it is), with its width
 * and height on the <img> so the browser keeps its box while it loads; without one, or when it
 * cannot load (offline and never kept by the service worker), a tinted tile with the section's
 * icon in the same box: never a broken-image icon.
 */
export function PromoImage({ src, width, height, type, variant, size, radius = 'var(--mantine-radius-md)' }: PromoImageProps) {
  // The source that failed to load; another source is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const sized = Boolean(width && height);
  const box: CSSProperties =
    variant === 'thumb'
      ? { width: size, height: size, flex: 'none', borderRadius: radius }
      : variant === 'banner'
        ? { width: '100%', height: size, display: 'block', borderRadius: radius }
        : { width: '100%', height: sized ? 'auto' : size, maxHeight: size, display: 'block', borderRadius: radius };
  if (!src || failed === src) {
    const Icon = sectionIcons[type === 'REDEEM' ? 'redeem' : 'earn'];
    return (
      <div
        aria-hidden="true"
        data-testid="promo-image-placeholder"
        style={{
          ...box,
          // A hero keeps the image's proportions when they are known, else the banner's height.
          ...(variant === 'hero' ? { height: sized ? undefined : size, aspectRatio: sized ? `${width} / ${height}` : undefined } : {}),
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'var(--mantine-primary-color-light)',
          color: 'var(--mantine-primary-color-light-color)',
        }}
      >
        <Icon size={Math.round(Math.min(size, 140) * 0.45)} stroke={1.5} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={width ?? (variant === 'thumb' ? size : undefined)}
      height={height ?? (variant === 'hero' ? undefined : size)}
      loading="lazy"
      decoding="async"
      data-testid="promo-image"
      onError={() => setFailed(src)}
      style={{ ...box, objectFit: 'cover', background: 'var(--mantine-color-default-hover)' }}
    />
  );
}
