/** Every machine of the app, with its types and selectors. Pure: imports xstate only. */
export * from './session.machine';
export * from './session.selectors';
export type * from './session.types';
export * from './tokenRefresh.machine';
export type * from './tokenRefresh.types';
export * from './verification.machine';
export * from './verification.selectors';
export type * from './verification.types';
export * from './qrScanner.machine';
export * from './qrScanner.selectors';
export type * from './qrScanner.types';
