import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PromoImage } from '../../../src/components/PromoImage';
import { imagesOf, keepImages } from '../../../src/data/keepImages';

afterEach(cleanup);

describe('PromoImage', () => {
  it.each(['thumb', 'banner', 'hero'] as const)('%s: an image that cannot load (offline, never kept) gives way to the placeholder in its box', (variant) => {
    render(<PromoImage src="/images/a.png" width={400} height={200} type="REDEEM" variant={variant} size={120} />);
    const image = screen.getByTestId('promo-image');
    expect(screen.queryByTestId('promo-image-placeholder')).toBeNull();
    fireEvent.error(image);
    expect(screen.queryByTestId('promo-image')).toBeNull();
    const placeholder = screen.getByTestId('promo-image-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    // The same box: a thumb keeps its side, the others the card's width.
    expect(placeholder.style.width).toBe(variant === 'thumb' ? '120px' : '100%');
  });

  it('tries a new source again after a failed one', () => {
    const { rerender } = render(<PromoImage src="/images/a.png" type="EARN" variant="thumb" size={64} />);
    fireEvent.error(screen.getByTestId('promo-image'));
    rerender(<PromoImage src="/images/b.png" type="EARN" variant="thumb" size={64} />);
    expect(screen.getByTestId('promo-image').getAttribute('src')).toBe('/images/b.png');
  });
});

describe('keepImages', () => {
  it("asks once for each image of a list, only when a service worker keeps them", () => {
    const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(new Response()));
    const list = [{ imageUrl: '/images/1.png' }, { imageUrl: null }, { imageUrl: '/images/2.png' }, {}];
    expect(imagesOf(list)).toEqual(['/images/1.png', '/images/2.png']);
    keepImages(list, { fetch, controlled: () => false });
    expect(fetch).not.toHaveBeenCalled();
    keepImages(list, { fetch, controlled: () => true });
    keepImages({ imageUrl: '/images/2.png' }, { fetch, controlled: () => true });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/images/1.png', '/images/2.png']);
  });
});
