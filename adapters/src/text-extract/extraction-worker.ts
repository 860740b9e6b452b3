import { parentPort } from 'node:worker_threads';
import { extractText, TextExtractError } from './extract-text';

/** One extraction at a time, in a worker thread of the extraction pool. */
parentPort!.on('message', async (job: { file: Uint8Array; fileName: string }) => {
  try {
    const { text, kind } = await extractText(Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength), job.fileName);
    parentPort!.postMessage({ ok: true, text, kind });
  } catch (e) {
    parentPort!.postMessage({ ok: false, code: e instanceof TextExtractError ? e.code : undefined, message: (e as Error).message });
  }
});
