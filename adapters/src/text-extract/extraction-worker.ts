import { parentPort } from 'node:worker_threads';
import { summarizeRuleBased } from '../ai/rule-summarizer';
import { extractText, TextExtractError } from './extract-text';
import { readFarmCsv } from './farm-csv';
import type { ThreadTask } from './extraction-pool';

/** One task at a time, in a worker thread of the extraction pool. */
parentPort!.on('message', async (task: ThreadTask) => {
  try {
    if (task.op === 'summarize') {
      parentPort!.postMessage({ ok: true, summary: summarizeRuleBased(task.type, task.text) });
      return;
    }
    if (task.op === 'farmCsv') {
      parentPort!.postMessage({ ok: true, csv: readFarmCsv(task.file, task.today) });
      return;
    }
    const { text, kind } = await extractText(Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength), task.fileName);
    parentPort!.postMessage({ ok: true, text, kind });
  } catch (e) {
    parentPort!.postMessage({ ok: false, code: e instanceof TextExtractError ? e.code : undefined, message: (e as Error).message });
  }
});
