import type { ColumnType } from 'kysely';

// The column types the tables share.

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/**
 * Operator-written text: a plain string, or one text per language ({ en, es }); the server
 * resolves it by the caller's Accept-Language (server/i18n/localized.ts).
 */
export type LocalizedText = string | { en: string; es?: string };

/** A jsonb column: read as the parsed value, written as JSON text. */
export type Json<T> = ColumnType<T, string, string>;
