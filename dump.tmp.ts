import { startTestServer } from './test/support/test-server.js';
const s = await startTestServer();
const r = await s.request('/openapi.json');
console.log(JSON.stringify(await r.json(), null, 1));
await s.close();
