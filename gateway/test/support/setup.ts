// Runs before every gateway test file (vite.config.ts setupFiles). Per-file hooks live here rather than in a
// module's top level, which registers them once per module graph: once per worker where files share modules.
import { afterEach, beforeAll } from 'vitest';
import { checkOpenDatabases, forgetOpenDatabases } from './database.js';

beforeAll(() => forgetOpenDatabases());
afterEach(() => checkOpenDatabases());
