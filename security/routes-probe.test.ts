import { createTestApp } from '../api/src/testing/test-app';
import { appRoutes } from './support/routes';
it('lists', async () => {
  const t = await createTestApp();
  console.log(appRoutes(t.app).map((r) => `${r.method} ${r.path}`).join('\n'));
  await t.close();
});
