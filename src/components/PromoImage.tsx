import type { CSSProperties } from 'react';
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
   * thumb: a square tile (earn actions); banner: the full width of a card at a fixed height
   * (rewards). Either way the box's size is set before the image loads, so nothing shifts.
   */
  variant: 'thumb' | 'banner';
  /** The tile's side (thumb) or the banner's height, in px. */
  size: number;
  radius?: CSSProperties['borderRadius'];
}

/**
 * An earn action's or a reward's image (decorative: the title says what it is), with its width
 * and height on the <img> so the browser keeps its box while it loads; without one, a tinted
 * tile with the section's icon.
 */
export function PromoImage({ src, width, height, type, variant, size, radius = 'var(--mantine-radius-md)' }: PromoImageProps) {
  const box: CSSProperties =
    variant === 'thumb' ? { width: size, height: size, flex: 'none', borderRadius: radius } : { width: '100%', height: size, display: 'block' };
  if (!src) {
    const Icon = sectionIcons[type === 'REDEEM' ? 'redeem' : 'earn'];
    return (
      <div
        aria-hidden="true"
        data-testid="promo-image-placeholder"
        style={{
          ...box,
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
      width={width ?? size}
      height={height ?? size}
      loading="lazy"
      decoding="async"
      data-testid="promo-image"
      style={{ ...box, objectFit: 'cover', background: 'var(--mantine-color-default-hover)' }}
    />
  );
}
