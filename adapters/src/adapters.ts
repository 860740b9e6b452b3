import { DidWebResolver } from './did-web/did-web';
import path from 'node:path';
import type { Stores } from '@grain/persistence';
import { ConfigError, type AppConfig } from './config';
import { SmtpMailSender, type MailSender } from './mail/mail-sender';
import { EmbeddedLedger } from './ledger/embedded-ledger';
import { FabricLedger } from './ledger/fabric-ledger';
import type { Ledger } from './ledger/ledger';
import { ChromiumPdfRenderer, type PdfRenderer } from './pdf/pdf-renderer';
import { LocalFileStorage, type FileStorage } from './storage/file-storage';
import { EmbeddedImageVerifier, RemoteImageVerifier, type ImageVerifier } from './image-verifier';
import { OpenAiAuditor, RuleBasedAuditor, type Auditor } from './ai';
import { EmbeddedTimestampAuthority, HttpTimestampAuthority, type TimestampAuthority } from './pdf/timestamp';

/** Every outside system the api and the activities talk to, each behind its port. */
export interface Adapters {
  mail: MailSender;
  ledger: Ledger;
  pdf: PdfRenderer;
  storage: FileStorage;
  imageVerifier: ImageVerifier;
  /** The compliance auditor: OpenAI when OPENAI_API_KEY is set, else the embedded rule-based one. */
  ai: Auditor;
  /** Reads the did:web documents issuers publish on their own domains (the out-of-band anchor of their CA). */
  didWeb: DidWebResolver;
  /** Dates every seal (RFC 3161): the TSA at TSA_URL, else this server's embedded one. */
  tsa: TimestampAuthority;
}

/**
 * Builds the adapters the configuration asks for. A real adapter that is misconfigured throws a
 * ConfigError naming the variable, so start-up stops with a clear message.
 * `smtpCatcherPort` is the port the embedded catcher actually listens on (when SMTP_URL is unset).
 */
export function buildAdapters(
  cfg: AppConfig,
  stores: Pick<Stores, 'ledgerBlocks' | 'imageVerifications' | 'signatures'>,
  runtime: { smtpCatcherPort?: number } = {},
): Adapters {
  const mail = cfg.smtpUrl
    ? new SmtpMailSender(cfg.smtpUrl, cfg.mailFrom, false)
    : new SmtpMailSender(`smtp://127.0.0.1:${runtime.smtpCatcherPort ?? cfg.smtpCatcherPort}`, cfg.mailFrom, true);
  let ledger: Ledger;
  try {
    ledger = cfg.ledger === 'fabric' && cfg.fabric ? new FabricLedger(cfg.fabric) : new EmbeddedLedger(stores.ledgerBlocks);
  } catch (e) {
    // Unreadable certificate/key files are the usual cause; name the setting group.
    throw new ConfigError('FABRIC_CERT', `cannot set up the Fabric gateway: ${(e as Error).message}`);
  }
  let pdf: PdfRenderer;
  try {
    pdf = new ChromiumPdfRenderer(cfg.chromiumPath);
  } catch (e) {
    throw new ConfigError('CHROMIUM_PATH', (e as Error).message.replace(/^CHROMIUM_PATH: /, ''));
  }
  const storage = new LocalFileStorage(path.join(cfg.dataDir, 'files'));
  const imageVerifier = cfg.imageVerifierUrl
    ? new RemoteImageVerifier(stores.imageVerifications, cfg.imageVerifierUrl)
    : new EmbeddedImageVerifier(stores.imageVerifications, storage, cfg.publicUrl);
  const ai: Auditor = cfg.openaiApiKey
    ? new OpenAiAuditor({ apiKey: cfg.openaiApiKey, baseURL: cfg.openaiBaseUrl, model: cfg.openaiModel })
    : new RuleBasedAuditor();
  const didWeb = new DidWebResolver({ insecureHosts: cfg.didWebInsecureHosts });
  const tsa: TimestampAuthority = cfg.tsaUrl
    ? new HttpTimestampAuthority(cfg.tsaUrl)
    : new EmbeddedTimestampAuthority(() => stores.signatures.embeddedTsa(cfg.caKeySecret));
  return { mail, ledger, pdf, storage, imageVerifier, ai, didWeb, tsa };
}

export async function closeAdapters(a: Adapters): Promise<void> {
  await a.pdf.close();
  (a.mail as SmtpMailSender).close?.();
  (a.ledger as { close?: () => void }).close?.();
}
