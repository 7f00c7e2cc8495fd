import { parentPort, workerData } from 'node:worker_threads';
import { GasRuntime } from '../dev/gas-runtime/runtime';

// Loaded through tsx's API, this module's __dirname is not its folder: the parent says where.
const { baseUrl, rows, distDir } = workerData as {
  baseUrl: string;
  rows: string[];
  distDir: string;
};
const rt = new GasRuntime({ distDir, extraAllowlist: [`${baseUrl}/`] });
rt.userProperties(rt.owner).data['vis.baseUrl'] = baseUrl;

parentPort!.once('message', () => {
  const started = performance.now();
  const values = rows.map((row) => rt.customFunction('NAIVE_SCORE', row));
  parentPort!.postMessage({
    ms: performance.now() - started,
    requests: rt.fetchStats.requests,
    values,
  });
  void rt.close();
});
parentPort!.postMessage('ready');
