import type { FastifyRequest } from 'fastify';
import { contentLanguage, type ContentLanguage } from '../i18n/localized';
import { mailLanguage, type MailLanguage } from '../mail/language';

/** The language the member reads server content in (their Accept-Language; English by default). */
export const requestLanguage = (request: FastifyRequest): ContentLanguage => contentLanguage(request.headers['accept-language']);

/** The language of the mails a call sends (Spanish when Accept-Language prefers it). */
export const requestMailLanguage = (request: FastifyRequest): MailLanguage => mailLanguage(request.headers['accept-language']);
