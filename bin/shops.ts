import { benchShop, largeShop, testShops } from '../fixtures/default-shops.ts';
import { startShops } from '../fixtures/start-shop.ts';

const shops = await startShops([...testShops, benchShop, largeShop]);
for (const shop of shops) console.log(`Shop ${shop.spec.name}: ${shop.url}`);

const stop = async (): Promise<void> => {
  await Promise.all(shops.map((shop) => shop.close()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
