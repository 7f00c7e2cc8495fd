// One of the 30 simultaneous executions Sheets allows a user: a worker with its own runtime.
import { tsImport } from 'tsx/esm/api';

await tsImport('./naive-lane.ts', import.meta.url);
