import { createHash } from 'node:crypto';
import { common, peer } from '@hyperledger/fabric-protos';
import type { LedgerBlock } from './ledger';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const utf8 = (b: Uint8Array) => Buffer.from(b).toString('utf8');

const headerTypeName = new Map<number, string>(Object.entries(common.HeaderType).map(([name, n]) => [n as number, name]));
const validationName = new Map<number, string>(Object.entries(peer.TxValidationCode).map(([name, n]) => [n as number, name]));

/** DER length prefix. */
function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const derTlv = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
function derUInt(n: bigint): Buffer {
  const bytes: number[] = [];
  for (let v = n; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  if (bytes.length === 0 || bytes[0] >= 0x80) bytes.unshift(0);
  return derTlv(0x02, Buffer.from(bytes));
}

/**
 * The hash Fabric chains blocks with: SHA-256 of the ASN.1 DER SEQUENCE { number INTEGER,
 * previousHash OCTET STRING, dataHash OCTET STRING } (protoutil.BlockHeaderBytes).
 */
export function blockHeaderHash(number: bigint | number, previousHash: Uint8Array, dataHash: Uint8Array): Buffer {
  const body = Buffer.concat([derUInt(BigInt(number)), derTlv(0x04, Buffer.from(previousHash)), derTlv(0x04, Buffer.from(dataHash))]);
  return sha256(derTlv(0x30, body));
}

/** Fabric's block data hash: SHA-256 over the concatenated envelopes (protoutil.ComputeBlockDataHash). */
function blockDataHash(envelopes: Uint8Array[]): Buffer {
  return sha256(Buffer.concat(envelopes.map((e) => Buffer.from(e))));
}

export interface DecodedBlock {
  block: LedgerBlock;
  number: number;
  previousHash: Uint8Array;
  dataHash: Uint8Array;
  /** The data hash recomputed from the block's envelopes (equal to dataHash unless tampered). */
  recomputedDataHash: Buffer;
}

/** What the first transaction of a block did: a grain record, a chaincode call, or a config update. */
function describeTransaction(payload: common.Payload, headerType: number, chaincode: string, valid: boolean) {
  if (headerType === common.HeaderType.CONFIG) return { recordType: 'config', key: '', payload: {} };
  if (headerType !== common.HeaderType.ENDORSER_TRANSACTION)
    return { recordType: headerTypeName.get(headerType)?.toLowerCase() ?? 'unknown', key: '', payload: {} };
  const tx = peer.Transaction.deserializeBinary(payload.getData_asU8());
  const action = tx.getActionsList()[0];
  if (!action) return { recordType: 'unknown', key: '', payload: {} };
  const actionPayload = peer.ChaincodeActionPayload.deserializeBinary(action.getPayload_asU8());
  const proposal = peer.ChaincodeProposalPayload.deserializeBinary(actionPayload.getChaincodeProposalPayload_asU8());
  const spec = peer.ChaincodeInvocationSpec.deserializeBinary(proposal.getInput_asU8()).getChaincodeSpec();
  const name = spec?.getChaincodeId()?.getName() ?? '';
  const args = (spec?.getInput()?.getArgsList_asU8() ?? []).map(utf8);
  if (name === chaincode && args[0] === 'RecordEntry' && args.length >= 4) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(args[3]);
    } catch {
      body = { raw: args[3] };
    }
    // An invalidated transaction (e.g. the losing side of a concurrent retry) wrote nothing.
    return valid ? { recordType: args[2], key: args[1], payload: body } : { recordType: 'invalid', key: args[1], payload: { attemptedType: args[2] } };
  }
  return { recordType: `chaincode:${name}`, key: '', payload: { function: args[0] ?? '' } };
}

/** Decodes a block from qscc into the ledger view's shape (the first transaction's channel header). */
export function decodeBlock(bytes: Uint8Array, chaincode: string): DecodedBlock {
  const b = common.Block.deserializeBinary(bytes);
  const header = b.getHeader();
  if (!header) throw new Error('Fabric block without a header');
  const number = header.getNumber();
  const previousHash = header.getPreviousHash_asU8();
  const dataHash = header.getDataHash_asU8();
  const envelopes = b.getData()?.getDataList_asU8() ?? [];
  const filter = b.getMetadata()?.getMetadataList_asU8()[common.BlockMetadataIndex.TRANSACTIONS_FILTER] ?? new Uint8Array();
  const validation = filter.length > 0 ? filter[0] : 0;
  const first = envelopes[0] ? common.Envelope.deserializeBinary(envelopes[0]) : undefined;
  const payload = first ? common.Payload.deserializeBinary(first.getPayload_asU8()) : undefined;
  const ch = payload?.getHeader() ? common.ChannelHeader.deserializeBinary(payload.getHeader()!.getChannelHeader_asU8()) : undefined;
  const ts = ch?.getTimestamp();
  const timestamp = ts ? new Date(ts.getSeconds() * 1000 + Math.floor(ts.getNanos() / 1e6)).toISOString() : new Date(0).toISOString();
  const headerType = ch?.getType() ?? -1;
  const described = payload ? describeTransaction(payload, headerType, chaincode, validation === 0) : { recordType: 'empty', key: '', payload: {} };
  if (validation !== 0) described.payload = { ...described.payload, validation: validationName.get(validation) ?? String(validation) };
  return {
    number,
    previousHash,
    dataHash,
    recomputedDataHash: blockDataHash(envelopes),
    block: {
      blockNumber: number,
      previousHash: hex(previousHash),
      dataHash: hex(dataHash),
      blockHash: blockHeaderHash(number, previousHash, dataHash).toString('hex'),
      channelHeader: {
        type: headerTypeName.get(headerType) ?? String(headerType),
        timestamp,
        tx_id: ch?.getTxId() ?? '',
        version: ch?.getVersion() ?? 0,
        channel_id: ch?.getChannelId() ?? '',
      },
      ...described,
    },
  };
}
