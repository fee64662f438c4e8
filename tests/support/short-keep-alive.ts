// Vitest setup for the API suite: the tests' fetch keeps an idle connection 250 ms,
// not undici's 4 s. A server stopping drains as in production: it waits for each
// idle client connection to reach its 5 s keep-alive timeout rather than cut it
// under a request on its way (server/shutdown.mjs). Each of the many servers the
// tests start and stop waited about 3 s for connections the tests had done with.
import { Agent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new Agent({ keepAliveTimeout: 250, keepAliveMaxTimeout: 250 }));
