import { API } from '@atelier/contract';
import { demoAccount, signIn } from './harness/api';
import { captureResponse } from './harness/bare-server';
import type { Bench } from './harness/report';
import { startServer } from './harness/server';
import { loadSettings } from './harness/settings';
import { compareWithBareRoute } from './harness/versus-bare';

/** Decision 016: the current-user call reaches at least 40% of a bare route's throughput. */
export const MIN_THROUGHPUT_RATIO = 0.4;

export const usersMeBench: Bench = {
  name: 'users-me',
  title: 'GET /api/v1/users/me (demo student) vs a bare Fastify route returning the same bytes',
  async run() {
    const settings = loadSettings();
    const server = await startServer();
    try {
      const token = await signIn(server.url, demoAccount('student@atelier.test'));
      // Both sides get the same request bytes: the bare route ignores the header, the real one
      // verifies the token, checks revocation and loads the user.
      const headers = { authorization: `Bearer ${token}` };
      const meUrl = `${server.url}${API.me}`;
      const response = await captureResponse(meUrl, { headers });
      if (response.statusCode !== 200) {
        throw new Error(`${API.me} answered ${response.statusCode}, expected 200`);
      }
      return await compareWithBareRoute({
        subject: { label: `GET ${API.me}`, url: meUrl, headers, pid: server.pid },
        response,
        settings,
        target: { name: `${API.me} throughput vs bare route`, minRatio: MIN_THROUGHPUT_RATIO },
        notes: [
          `body ${Buffer.from(response.bodyBase64, 'base64').length} bytes; server on PGlite, LOG_LEVEL=info to a file`,
        ],
      });
    } finally {
      await server.stop();
    }
  },
};
