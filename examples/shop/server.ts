// Starts the shop: `npm start` in this folder, with the integration's credentials in the environment
// (README.md here).
import { createServer } from 'node:http';
import { createShop } from './shop.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name} (see examples/shop/README.md)`);
  return value;
}

const port = Number(process.env.PORT ?? '3000');
const shop = createShop({
  paybankUrl: process.env.PAYBANK_URL ?? 'http://localhost:8080',
  integrationId: required('PAYBANK_INTEGRATION_ID'),
  secretKey: required('PAYBANK_SECRET_KEY'),
  webhookSecret: required('PAYBANK_WEBHOOK_SECRET'),
  publicUrl: process.env.SHOP_URL ?? `http://localhost:${port}`,
});
createServer(shop.listener).listen(port, () => console.log(`the shop is on http://localhost:${port}`));
