// The portal's cookies: HttpOnly, SameSite=Lax, Secure (and __Host- named) when PUBLIC_URL is https.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';

export function sessionCookie(config: Config): { name: string; options: CookieSerializeOptions } {
  const secure = config.publicUrl.startsWith('https:');
  return {
    name: secure ? '__Host-pb_portal' : 'pb_portal',
    options: { path: '/', httpOnly: true, sameSite: 'lax', secure },
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  const { name, options } = sessionCookie(config);
  reply.setCookie(name, token, options);
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const { name, options } = sessionCookie(config);
  reply.clearCookie(name, options);
}
