// The public group: what customers (and merchants authorising refunds) reach without credentials:
// initiate payment, QR images, the hosted pages and the bank's return. Limited per client IP.
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { pageAssetRoutes } from '../../pages/assets/page-assets.js';
import { bankAnswerScriptRoute } from '../../pages/bank-answer/bank-answer.js';
import { preferenceRoutes } from '../../pages/i18n/preference-routes.js';
import { paymentPages } from '../../pages/payments/payment-pages.js';
import { recurringPages } from '../../pages/recurring/recurring-pages.js';
import { initiatePaymentRoute } from './initiate-payment.js';
import { jwksRoute } from './jwks.js';
import { linkStatusRoutes } from './link-status.js';
import { logoRoute } from './logo.js';
import { qrCodeRoute } from './qr-code.js';

export const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    max: app.deps.config.publicRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`rate limit of ${context.max} requests a minute exceeded`) as Error & {
        statusCode: number;
      };
      error.statusCode = 429;
      return error;
    },
  });
  await app.register(initiatePaymentRoute, { prefix: '/public/v1' });
  await app.register(qrCodeRoute, { prefix: '/public/v1' });
  await app.register(logoRoute, { prefix: '/public/v1' });
  await app.register(jwksRoute);
  await app.register(linkStatusRoutes, { prefix: '/public/v1' });
  await app.register(async (scripts) => bankAnswerScriptRoute(scripts));
  await app.register(async (assets) => pageAssetRoutes(assets));
  await app.register(preferenceRoutes);
  await app.register(paymentPages);
  await app.register(recurringPages);
};
