import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ComplianceDocumentType, CsvCheck } from '@grain/domain';
import { TextExtractError, type ExtractableKind } from './extract-text';

export interface ExtractionPoolOptions {
  /** Worker threads at most; default one less than the cores, at most 2. */
  size?: number;
  /** A document still being read after this long is given up and its thread ended. */
  timeLimitMs?: number;
  /** Heap limit of each thread, so a hostile document fails alone instead of taking the process down. */
  maxHeapMb?: number;
}

type Extracted = { text: string; kind: ExtractableKind };
/** What a thread is asked to do: read a file's text, summarise a text with the embedded rules, or read a farm CSV. */
export type ThreadTask =
  | { op: 'extract'; file: Uint8Array; fileName: string }
  | { op: 'summarize'; type: ComplianceDocumentType; text: string }
  | { op: 'farmCsv'; file: Uint8Array; today: string };
type ThreadAnswer =
  | { ok: true; text?: string; kind?: ExtractableKind; summary?: unknown; csv?: CsvCheck | null }
  | { ok: false; code?: TextExtractError['code']; message: string };
interface Job {
  task: ThreadTask;
  label: string;
  timeLimitMs: number;
  resolve(r: ThreadAnswer & { ok: true }): void;
  reject(e: Error): void;
}

/** Tests run this module from its TypeScript source; a worker thread needs the compiled file. */
function workerScript(): string {
  const dir = __filename.endsWith('.ts') ? path.resolve(__dirname, '../../dist/text-extract') : __dirname;
  return path.join(dir, 'extraction-worker.js');
}

/**
 * Text extraction (pdf.js, unzipping, the regular expressions over a document's XML) in a small pool
 * of worker threads: on the embedded default the API, the Temporal worker and the database share one
 * process, and a large document read on the main thread would stall all of them. Each job has a time
 * limit; on time-out its thread is ended and the caller gets DOCUMENT_READ_TIMED_OUT.
 */
export class ExtractionPool {
  private readonly size: number;
  private readonly timeLimitMs: number;
  private readonly maxHeapMb: number;
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private running = 0;
  private closed = false;

  constructor(opts: ExtractionPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.min(2, availableParallelism() - 1));
    this.timeLimitMs = opts.timeLimitMs ?? 60_000;
    this.maxHeapMb = opts.maxHeapMb ?? 512;
  }

  /**
   * `handOver`: the caller no longer needs `file` (read for this only), so when the Buffer is all of its
   * memory that memory moves to the thread instead of being copied first — up to 50 MB copied on the
   * caller's thread otherwise (~100 ms for a 49 MB PDF, measured). `file` is empty afterwards.
   */
  async extract(file: Buffer, fileName = '', opts: { timeLimitMs?: number; handOver?: boolean } = {}): Promise<Extracted> {
    const r = await this.run({ op: 'extract', file: threadCopy(file, opts.handOver), fileName }, fileName, opts.timeLimitMs);
    return { text: r.text!, kind: r.kind! };
  }

  /**
   * A farm CSV read and checked row by row on the company's day `today` (`readFarmCsv`), sent as a copy
   * (the caller may read it again); null when it is not UTF-8 text.
   */
  async farmCsv(file: Buffer, today: string, opts: { timeLimitMs?: number } = {}): Promise<CsvCheck | null> {
    return (await this.run({ op: 'farmCsv', file: threadCopy(file), today }, 'farm CSV', opts.timeLimitMs)).csv ?? null;
  }

  /** The embedded rule-based summary of a document's text: regular expressions over megabytes of text. */
  async summarize(type: ComplianceDocumentType, text: string, opts: { timeLimitMs?: number } = {}): Promise<unknown> {
    return (await this.run({ op: 'summarize', type, text }, type, opts.timeLimitMs)).summary;
  }

  private run(task: ThreadTask, label: string, timeLimitMs?: number): Promise<ThreadAnswer & { ok: true }> {
    if (this.closed) return Promise.reject(new Error('extraction pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, label, timeLimitMs: timeLimitMs ?? this.timeLimitMs, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('extraction pool is closed'));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private next(): void {
    if (this.running >= this.size || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    this.running++;
    const worker = this.idle.pop() ?? this.spawn();
    let settled = false;
    const onMessage = (m: ThreadAnswer) => {
      if (settled) return;
      finish(true);
      if (m.ok) job.resolve(m);
      else job.reject(m.code ? new TextExtractError(m.code, m.message) : new Error(m.message));
    };
    // A thread that dies mid-job (its heap limit reached, most likely) takes only this document down.
    const onDeath = (reason: unknown) => {
      if (settled) return;
      finish(false);
      const why = reason instanceof Error ? reason.message : `reader stopped (exit ${String(reason)})`;
      job.reject(new TextExtractError('COMPLIANCE_FILE_UNREADABLE', `${job.label}: ${why}`));
    };
    const finish = (keep: boolean) => {
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onDeath).off('exit', onDeath);
      if (keep && !this.closed) this.idle.push(worker);
      else void worker.terminate();
      this.running--;
      this.next();
    };
    const timer = setTimeout(() => {
      if (settled) return;
      finish(false);
      job.reject(new TextExtractError('DOCUMENT_READ_TIMED_OUT', `not read within ${job.timeLimitMs} ms: ${job.label}`));
    }, job.timeLimitMs);
    worker.on('message', onMessage).once('error', onDeath).once('exit', onDeath);
    worker.postMessage(job.task, 'file' in job.task ? [job.task.file.buffer as ArrayBuffer] : []);
  }

  private spawn(): Worker {
    const w = new Worker(workerScript(), { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } });
    w.unref(); // an idle reader never keeps the process alive
    w.on('error', () => undefined); // an idle thread's failure is seen as its exit, below
    w.once('exit', () => {
      const i = this.idle.indexOf(w);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return w;
  }
}

/** Bytes for a thread: the Buffer's own memory when it may be handed over and is all of it, else a copy. */
function threadCopy(file: Buffer, handOver = false): Uint8Array {
  const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength && file.buffer instanceof ArrayBuffer;
  return handOver && whole ? new Uint8Array(file.buffer) : new Uint8Array(file);
}

let shared: ExtractionPool | undefined;
const sharedPool = () => (shared ??= new ExtractionPool());

/** `extractText` in the process-wide extraction pool, off the main thread; `file` is handed over (empty afterwards). */
export function extractTextOffThread(file: Buffer, fileName = ''): Promise<Extracted> {
  return sharedPool().extract(file, fileName, { handOver: true });
}

let csvThread: ExtractionPool | undefined;
/**
 * `readFarmCsv` off the main thread (a copy of `file` goes there: at most 5 MB), in a thread of its own:
 * in the documents' pool a CSV import would wait behind a compliance document being read (seconds, up to
 * the pool's time limit) while the person who uploaded it watches.
 */
export function readFarmCsvOffThread(file: Buffer, today: string): Promise<CsvCheck | null> {
  return (csvThread ??= new ExtractionPool({ size: 1, timeLimitMs: 30_000 })).farmCsv(file, today);
}

/** The rule-based summary in the process-wide extraction pool, off the main thread. */
export function summarizeOffThread(type: ComplianceDocumentType, text: string): Promise<unknown> {
  return sharedPool().summarize(type, text);
}
