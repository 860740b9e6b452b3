import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { connect, hash, signers, type Contract, type Gateway } from '@hyperledger/fabric-gateway';
import { common, peer } from '@hyperledger/fabric-protos';
import type { AdapterInfo } from '../port';
import { canonicalJson } from '@grain/domain';
import { decodeBlock, blockHeaderHash } from './fabric-block';
import type { ChainVerification, Ledger, LedgerBlock, LedgerEntry, LedgerReceipt } from './ledger';

export interface FabricLedgerOptions {
  /** host:port of the peer's gateway service. */
  peerEndpoint: string;
  /** TLS server name to expect when it differs from the endpoint host. */
  peerHostAlias?: string;
  /** PEM file of the CA that signed the peer's TLS certificate. */
  tlsCertPath: string;
  mspId: string;
  /** PEM certificate and private key of the client identity that signs transactions. */
  certPath: string;
  keyPath: string;
  channel: string;
  chaincode: string;
}

interface StoredEntry {
  key: string;
  type: string;
  payload: Record<string, unknown>;
  txId: string;
  timestamp: string;
  created?: boolean;
}

const utf8 = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const within = (ms: number) => () => ({ deadline: Date.now() + ms });

/** Gateway errors carry the peers' reasons in `details`; put them in the message the activity logs. */
function explain(err: unknown): Error {
  const e = err as Error & { details?: { address?: string; message?: string }[] };
  if (!e || !Array.isArray(e.details) || e.details.length === 0) return e instanceof Error ? e : new Error(String(err));
  const wrapped = new Error(`${e.message}: ${e.details.map((d) => `${d.address ?? 'peer'}: ${d.message}`).join('; ')}`);
  wrapped.name = e.name;
  return wrapped;
}

/**
 * The ledger on Hyperledger Fabric: records go through the grain quality contract (fabric/chaincode),
 * which keys every record by its idempotency key, so a retried append answers with the transaction
 * that first wrote it. Blocks are read from the peer's qscc system chaincode and decoded.
 *
 * The gRPC connection reconnects on its own after a peer restart; calls made while the peer is down
 * fail within their deadline, and the activity's retry repeats them.
 */
export class FabricLedger implements Ledger {
  readonly channel: string;
  private readonly client: grpc.Client;
  private readonly gateway: Gateway;
  private readonly contract: Contract;
  private readonly qscc: Contract;

  constructor(private readonly opts: FabricLedgerOptions) {
    this.channel = opts.channel;
    const tlsRoot = readFileSync(opts.tlsCertPath);
    this.client = new grpc.Client(
      opts.peerEndpoint,
      grpc.credentials.createSsl(tlsRoot),
      opts.peerHostAlias ? { 'grpc.ssl_target_name_override': opts.peerHostAlias } : {},
    );
    this.gateway = connect({
      client: this.client,
      identity: { mspId: opts.mspId, credentials: readFileSync(opts.certPath) },
      signer: signers.newPrivateKeySigner(createPrivateKey(readFileSync(opts.keyPath))),
      hash: hash.sha256,
      evaluateOptions: within(10_000),
      endorseOptions: within(20_000),
      submitOptions: within(10_000),
      commitStatusOptions: within(60_000),
    });
    const network = this.gateway.getNetwork(opts.channel);
    this.contract = network.getContract(opts.chaincode);
    this.qscc = network.getContract('qscc');
  }

  info(): AdapterInfo {
    return {
      kind: 'real',
      detail: `Hyperledger Fabric peer ${this.opts.peerEndpoint}, channel ${this.channel}, chaincode ${this.opts.chaincode} (${this.opts.mspId})`,
    };
  }

  /** Evaluates the contract's Ping: gateway, peer and chaincode service all answer. */
  async ping() {
    try {
      await this.contract.evaluateTransaction('Ping');
    } catch (e) {
      throw explain(e);
    }
  }

  async append(entry: LedgerEntry): Promise<LedgerReceipt> {
    try {
      // Endorse first: when the key is already on the ledger the contract says so and nothing is
      // sent to the orderer, so a retry neither writes nor adds an empty transaction.
      const proposal = this.contract.newProposal('RecordEntry', { arguments: [entry.key, entry.type, canonicalJson(entry.payload)] });
      const tx = await proposal.endorse();
      const result = JSON.parse(utf8(tx.getResult())) as StoredEntry;
      if (!result.created) return await this.receipt(result.txId, false);
      const submitted = await tx.submit();
      const status = await submitted.getStatus();
      if (status.successful) return { txId: status.transactionId, blockNumber: Number(status.blockNumber), created: true };
      // A concurrent append of the same key committed first (MVCC conflict): the key is written once.
      const existing = await this.entry(entry.key);
      if (existing) return await this.receipt(existing.txId, false);
      throw new Error(
        `Fabric transaction ${status.transactionId} was not committed: ${Object.entries(peer.TxValidationCode).find(([, c]) => c === status.code)?.[0] ?? status.code}`,
      );
    } catch (e) {
      throw explain(e);
    }
  }

  /** One Fabric transaction per entry: the contract records a single key per call. */
  async appendMany(entries: LedgerEntry[]): Promise<LedgerReceipt[]> {
    const out: LedgerReceipt[] = [];
    for (const e of entries) out.push(await this.append(e));
    return out;
  }

  private async receipt(txId: string, created: boolean): Promise<LedgerReceipt> {
    const block = await this.blockByTxId(txId);
    return { txId, blockNumber: block.blockNumber, created };
  }

  private async entry(key: string): Promise<StoredEntry | null> {
    const text = utf8(await this.contract.evaluateTransaction('GetEntry', key));
    return text ? (JSON.parse(text) as StoredEntry) : null;
  }

  private async blockByTxId(txId: string): Promise<LedgerBlock> {
    return decodeBlock(await this.qscc.evaluateTransaction('GetBlockByTxID', this.channel, txId), this.opts.chaincode).block;
  }

  private async rawBlock(n: number) {
    return decodeBlock(await this.qscc.evaluateTransaction('GetBlockByNumber', this.channel, String(n)), this.opts.chaincode);
  }

  /** Number of blocks on the channel (the genesis block counts). */
  async height(): Promise<number> {
    const info = common.BlockchainInfo.deserializeBinary(await this.qscc.evaluateTransaction('GetChainInfo', this.channel));
    return info.getHeight();
  }

  async findByKey(key: string): Promise<LedgerBlock | null> {
    try {
      const stored = await this.entry(key);
      return stored ? await this.blockByTxId(stored.txId) : null;
    } catch (e) {
      throw explain(e);
    }
  }

  async lastBlock(): Promise<LedgerBlock | null> {
    try {
      const height = await this.height();
      return height > 0 ? (await this.rawBlock(height - 1)).block : null;
    } catch (e) {
      throw explain(e);
    }
  }

  async blocks(opts: { before?: number; limit?: number } = {}): Promise<LedgerBlock[]> {
    try {
      const height = await this.height();
      const top = Math.min(opts.before ?? height, height) - 1;
      const limit = Math.max(1, Math.min(opts.limit ?? 20, 200));
      const numbers: number[] = [];
      for (let n = top; n >= 0 && numbers.length < limit; n--) numbers.push(n);
      return (await Promise.all(numbers.map((n) => this.rawBlock(n)))).map((d) => d.block);
    } catch (e) {
      throw explain(e);
    }
  }

  /** Walks the channel from the genesis block: each block's data hash and its link to the previous header. */
  async verify(): Promise<ChainVerification> {
    const height = await this.height();
    let previousHeaderHash: Buffer | null = null;
    for (let n = 0; n < height; n++) {
      const d = await this.rawBlock(n);
      if (d.number !== n) return { ok: false, checked: n, brokenAt: n, reason: `block ${n} reports number ${d.number}` };
      if (!d.recomputedDataHash.equals(Buffer.from(d.dataHash)))
        return { ok: false, checked: n, brokenAt: n, reason: 'data hash does not match the transactions' };
      if (previousHeaderHash && !previousHeaderHash.equals(Buffer.from(d.previousHash)))
        return { ok: false, checked: n, brokenAt: n, reason: 'previous hash does not match' };
      previousHeaderHash = blockHeaderHash(d.number, d.previousHash, d.dataHash);
    }
    return { ok: true, checked: height };
  }

  close(): void {
    this.gateway.close();
    this.client.close();
  }
}
