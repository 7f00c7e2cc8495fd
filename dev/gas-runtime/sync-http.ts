/**
 * Synchronous HTTP for the bundle's synchronous code, as UrlFetchApp is: a worker thread does the
 * batch concurrently while the caller blocks on Atomics.wait, then the answer is read with
 * receiveMessageOnPort. (A spawnSync of a Node helper per batch costs a process start each time:
 * bench/ measures both.)
 */
import path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

export interface RawRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  payload?: string;
}

export type RawResponse =
  | { status: number; headers: Record<string, string | string[]>; body: string; error?: undefined }
  | { error: string };

/** How the runtime's UrlFetchApp reaches a server: one batch at a time, the caller blocked. */
export interface HttpTransport {
  fetchAll(requests: RawRequest[], timeoutMs?: number): RawResponse[];
  close(): Promise<unknown>;
}

export class SyncHttp implements HttpTransport {
  private worker: Worker;
  private flag: Int32Array;
  private port;

  constructor() {
    const signal = new SharedArrayBuffer(4);
    this.flag = new Int32Array(signal);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(path.join(__dirname, 'http-worker.mjs'), {
      workerData: { signal, port: port2 },
      transferList: [port2],
    });
    this.worker.unref();
  }

  fetchAll(requests: RawRequest[], timeoutMs = 60000): RawResponse[] {
    if (requests.length === 0) return [];
    Atomics.store(this.flag, 0, 0);
    this.worker.postMessage({ requests, timeoutMs });
    // Sleep until the worker signals, then read its answer; the worker's own request timeout
    // comes first, so this deadline only catches a worker that died.
    const deadline = Date.now() + timeoutMs + 30000;
    for (;;) {
      Atomics.wait(this.flag, 0, 0, 1000);
      const message = receiveMessageOnPort(this.port);
      if (message) return message.message as RawResponse[];
      if (Date.now() > deadline) throw new Error('sync-http: the HTTP worker did not answer');
    }
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
