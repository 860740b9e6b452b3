import { useState } from 'react';
import { Alert, Button, Card, CardContent, Grid, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import {
  HASH_DISPLAY_LENGTH,
  type BlockEventsAnswer,
  type BlockListAnswer,
  type BlockView,
  type ChainVerification,
  type ChainVerificationAnswer,
} from '@grain/domain';
import { api } from '../../api/client';
import { Page, useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from '../../app/auth';
import { useLoad, useLoadErrorNotice } from '../../app/use-load';

const cut = (s: string) => s.slice(0, HASH_DISPLAY_LENGTH);
const PAGE = 20;

/** The channel's names, its last block and the recent blocks, newest first. */
interface Chain {
  channel: string;
  contract: string;
  last: BlockView | null;
  blocks: BlockView[];
}

async function loadChain(): Promise<Chain> {
  const ev = await api<BlockEventsAnswer>('event/blockevents');
  const { blocks } = await api<BlockListAnswer>(`event/blocks?limit=${PAGE}`);
  return { channel: ev.channel, contract: ev.contract, last: ev.block, blocks };
}

/**
 * /views/blockchain: the company's own records on the grain quality channel (its last block, its recent
 * blocks), and for those with viewSystem a check of the whole chain.
 */
export function BlockchainPage() {
  const { t } = useI18n();
  const { can } = useAuth();
  const notify = useNotify();
  const loaded = useLoad(loadChain, []);
  useLoadErrorNotice(loaded.error);
  const chain = loaded.data;
  const [verification, setVerification] = useState<ChainVerification | null>(null);
  const [busy, setBusy] = useState(false);

  const older = async () => {
    const before = chain?.blocks[chain.blocks.length - 1]?.blockNumber;
    if (before === undefined) return;
    const more = (await api<BlockListAnswer>(`event/blocks?limit=${PAGE}&before=${before}`)).blocks;
    loaded.setData((c) => c && { ...c, blocks: [...c.blocks, ...more] });
  };
  const verify = async () => {
    setBusy(true);
    try {
      setVerification((await api<ChainVerificationAnswer>('event/verify')).verification);
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(false);
    }
  };
  const blocks = chain?.blocks ?? [];
  return (
    <Page
      title={t('chain.title')}
      testId="blockchain-page"
      actions={
        <>
          <Button onClick={() => void loaded.reload()}>{t('chain.refresh')}</Button>
          {can('viewSystem') && (
            <Button variant="contained" onClick={verify} disabled={busy} data-testid="chain-verify">
              {t('chain.verify')}
            </Button>
          )}
        </>
      }
    >
      <Stack direction="row" spacing={3} sx={{ mb: 2 }}>
        <Typography>
          {`${t('chain.channel')}: `}
          <b>{chain?.channel ?? 'grainquality'}</b>
        </Typography>
        <Typography>
          {`${t('chain.contract')}: `}
          <b>{chain?.contract ?? 'grainquality'}</b>
        </Typography>
      </Stack>
      {verification && (
        <Alert severity={verification.ok ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="chain-verification">
          {verification.ok
            ? t('chain.intact', { n: verification.checked })
            : t('chain.broken', { n: verification.brokenAt ?? '?', reason: verification.reason ?? '' })}
        </Alert>
      )}
      {/* a failed load shows "no blocks" beside the error, not "loading" for ever */}
      <LastBlockCard last={chain ? chain.last : loaded.error ? null : undefined} />
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('chain.recent')}
      </Typography>
      <BlockTable blocks={blocks} />
      {blocks.length > 0 && blocks[blocks.length - 1].blockNumber > 0 && (
        <Button sx={{ mt: 1 }} onClick={() => older().catch(notify.error)}>
          {t('chain.older')}
        </Button>
      )}
    </Page>
  );
}

/** The channel's last block, field by field (undefined: still loading; null: none yet). */
function LastBlockCard({ last }: { last: BlockView | null | undefined }) {
  const { t, dateTime: time } = useI18n();
  const field = (label: string, value: string | number, testId: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {t(label)}
      </Typography>
      <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Typography>
    </Grid>
  );
  const typeText = (type: string) => (t(`chain.type.${type}`) === `chain.type.${type}` ? type : t(`chain.type.${type}`));
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('chain.lastBlock')}
        </Typography>
        {last === undefined ? (
          t('common.loading')
        ) : last === null ? (
          <Alert severity="info">{t('chain.noBlocks')}</Alert>
        ) : (
          <Grid container spacing={2}>
            {field('chain.blockNumber', last.blockNumber, 'last-number')}
            {field('chain.blockHash', cut(last.lastBlock), 'last-hash')}
            {field('chain.dataHash', cut(last.data_hash), 'last-data-hash')}
            {field('chain.headerType', typeText(last.channelHeader.type), 'last-type')}
            {field('chain.created', time(last.channelHeader.timestamp), 'last-time')}
            {field('chain.txId', cut(last.channelHeader.tx_id), 'last-tx')}
            {field('chain.version', last.channelHeader.version, 'last-version')}
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}

function BlockTable({ blocks }: { blocks: BlockView[] }) {
  const { t, dateTime: time } = useI18n();
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('chain.title')}>
      <Table size="small" data-testid="block-table">
        <TableHead>
          <TableRow>
            {['chain.blockNumber', 'chain.recordType', 'chain.blockHash', 'chain.dataHash', 'chain.txId', 'chain.created'].map((k) => (
              <TableCell key={k}>{t(k)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {blocks.map((b) => (
            <TableRow key={b.blockNumber} data-testid="block-row">
              <TableCell>{b.blockNumber}</TableCell>
              <TableCell>{t(`chain.type.${b.recordType}`)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{cut(b.lastBlock)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{cut(b.data_hash)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{cut(b.channelHeader.tx_id)}</TableCell>
              <TableCell>{time(b.channelHeader.timestamp)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
