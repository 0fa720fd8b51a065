import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverPrerendered } from '../../src/prerendered';

function page(inner: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${inner}</div>`;
  return document.getElementById('root')!;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('takeOverPrerendered', () => {
  it('renders the app into #root itself when the page holds no prerendered screen', () => {
    const root = page('');
    const { container, screenShown } = takeOverPrerendered(root);
    expect(container).toBe(root);
    screenShown();
    expect(root.childElementCount).toBe(0);
  });

  it('renders the app beside the prerendered screen, unseen, and swaps them once its screen shows', () => {
    const root = page('<div data-prerendered inert><h1>Log in</h1></div>');
    const { container, screenShown } = takeOverPrerendered(root);
    expect(container.parentElement).toBe(root);
    expect(container.style.visibility).toBe('hidden');
    expect(container.style.position).toBe('absolute');
    expect(root.querySelector('[data-prerendered]')).not.toBeNull();

    container.innerHTML = '<h1>Log in</h1>';
    screenShown();
    expect(root.querySelector('[data-prerendered]')).toBeNull();
    expect(container.getAttribute('style')).toBeNull();
    expect(root.children).toHaveLength(1);
    screenShown();
    expect(root.firstElementChild).toBe(container);
  });

  it('shows the app anyway once the limit has passed without a screen (a screen that failed shows its error)', () => {
    vi.useFakeTimers();
    const root = page('<div data-prerendered inert><h1>Log in</h1></div>');
    const { container } = takeOverPrerendered(root, 8000);
    vi.advanceTimersByTime(7999);
    expect(root.querySelector('[data-prerendered]')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(root.querySelector('[data-prerendered]')).toBeNull();
    expect(container.getAttribute('style')).toBeNull();
  });
});
