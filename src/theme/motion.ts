/**
 * How a scroll the app starts moves: smoothly, unless the member asks for reduced motion (then
 * at once, like every transition; see app.css).
 */
export function scrollBehavior(): ScrollBehavior {
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? 'auto' : 'smooth';
}
