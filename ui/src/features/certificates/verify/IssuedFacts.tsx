import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ISSUED_LABELS, percentText, requirementLimitText, type IssuedCertificate, type IssuedLabelKey } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** The PDF's label of a fact, in the reader's language. */
function useIssuedLabel() {
  const { lang } = useI18n();
  return (k: IssuedLabelKey) => ISSUED_LABELS[k][lang === 'vn' ? 1 : 0];
}

/** One fact as a row of label and value (none when the value is empty). */
function factRow(label: string, k: IssuedLabelKey, v: ReactNode, sx?: object) {
  return v === null || v === '' ? null : (
    <TableRow key={k}>
      <TableCell component="th" sx={{ width: '38%', fontWeight: 600 }}>
        {label}
      </TableCell>
      <TableCell sx={sx} data-testid={`issued-${k}`} data-fact>
        {v}
      </TableCell>
    </TableRow>
  );
}

/** The grain against its standard, requirement by requirement (or the protein and moisture alone, with why there is no check). */
function QualityFacts({ c }: { c: IssuedCertificate }) {
  const L = useIssuedLabel();
  const fact = (k: IssuedLabelKey, v: ReactNode) => factRow(L(k), k, v);
  const check = c.standardCheck;
  return check && check.result !== 'noStandard' ? (
    <>
      <Typography variant="body2" data-testid="issued-standard">
        {L('standard')}: {check.standardName} · {check.grade} · {L('season')} {check.season} · {check.standardId}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{L('requirement')}</TableCell>
            <TableCell>{L('measured')}</TableCell>
            <TableCell>{L('limit')}</TableCell>
            <TableCell>{L('result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {check.requirements.map((r) => (
            <TableRow key={r.measure}>
              <TableCell>{L(r.measure)}</TableCell>
              <TableCell>{percentText(r.measured)}</TableCell>
              <TableCell>{requirementLimitText(r)}</TableCell>
              <TableCell sx={{ color: r.pass ? 'success.dark' : 'error.dark', fontWeight: 600 }}>{L(r.pass ? 'pass' : 'fail')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {check.deviationReason && (
        <Typography variant="body2" color="warning.dark" data-testid="issued-deviation">
          {L('deviation')}: {check.deviationReason}
        </Typography>
      )}
    </>
  ) : (
    <>
      <Table size="small">
        <TableBody>
          {fact('protein', percentText(c.grain.protein))}
          {fact('moisture', percentText(c.grain.moisture))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary">
        {L(check ? 'noStandard' : 'notChecked')}
      </Typography>
    </>
  );
}

/** The supporting documents, each with its type, version and fingerprint. */
function SupportDocumentList({ docs }: { docs: IssuedCertificate['supportDocuments'] }) {
  const L = useIssuedLabel();
  return (
    <Typography variant="body2" component="ul" sx={{ my: 0 }} data-testid="issued-documents">
      {docs.length ? (
        docs.map((d) => (
          <li key={`${d.name}-${d.sha256 ?? ''}`}>
            {d.name}
            {d.docType ? ` (${d.docType})` : ''}
            {d.version !== null ? ` · ${L('docVersion')} ${d.version}` : ''}
            {d.sha256 && (
              <Box component="span" sx={{ ...mono, display: 'block', fontSize: 12 }}>
                sha256 {d.sha256}
              </Box>
            )}
          </li>
        ))
      ) : (
        <li>{L('none')}</li>
      )}
    </Typography>
  );
}

/** The signatures level by level: who, as what, when, for whom, with which key. */
function IssuedSignatures({ levels }: { levels: IssuedCertificate['levels'] }) {
  const L = useIssuedLabel();
  return (
    <>
      {levels.map((l) => (
        <Box key={l.level} sx={{ overflowX: 'auto' }}>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {L('level')} {l.level}: {l.group} ({l.signatures.length}/{l.required})
          </Typography>
          <Table size="small" data-testid={`issued-level-${l.level}`}>
            <TableHead>
              <TableRow>
                <TableCell>{L('signer')}</TableCell>
                <TableCell>{L('role')}</TableCell>
                <TableCell>{L('signedAt')}</TableCell>
                <TableCell>{L('onBehalfOf')}</TableCell>
                <TableCell>{L('fingerprint')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {l.signatures.map((s) => (
                <TableRow key={`${s.name}-${s.at}`}>
                  <TableCell>{s.name}</TableCell>
                  <TableCell>{s.role}</TableCell>
                  <TableCell>{s.at.replace('T', ' ').slice(0, 19)}</TableCell>
                  <TableCell>{s.onBehalfOf ?? ''}</TableCell>
                  <TableCell sx={mono}>{s.fingerprint}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
    </>
  );
}

/**
 * The facts the issued certificate (its PDF) states, under the PDF's own labels, in the reader's language:
 * a buyer comparing the paper with this page sees the same words and figures.
 */
export function IssuedFacts({ c }: { c: IssuedCertificate }) {
  const L = useIssuedLabel();
  const fact = (k: IssuedLabelKey, v: ReactNode, sx?: object) => factRow(L(k), k, v, sx);
  return (
    <Box data-testid="issued-facts" sx={{ mt: 2 }}>
      <Table size="small">
        <TableBody>
          {fact('issuer', c.issuer.name)}
          {fact('address', c.issuer.address)}
          {fact(c.issuer.registrationKind ?? 'registration', c.issuer.registration)}
          {fact('membership', c.membershipNumber)}
          {fact('number', c.number)}
          {fact('name', c.name)}
          {fact('issued', c.issued)}
          {fact('validFrom', c.validFrom)}
          {fact('validTo', c.validTo)}
        </TableBody>
      </Table>
      {c.noOpenCriticalActionsAtIssue && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="issued-no-open-critical">
          {L('noOpenCriticalActions')}.
        </Typography>
      )}
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {L('grain')}
      </Typography>
      <Table size="small">
        <TableBody>
          {fact('grainType', c.grain.grainType)}
          {fact('harvestGrade', c.grain.grade)}
          {fact('quantity', c.grain.quantityText ?? c.grain.quantity)}
          {fact('storage', c.grain.storageLocation)}
          {fact('productionDate', c.grain.productionDate)}
          {fact('farmRecord', c.grain.farmRecord)}
          {fact('farmTx', c.grain.farmRecordTxId, mono)}
          {fact('photo', c.grain.photoSha256, mono)}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {L('quality')}
      </Typography>
      <QualityFacts c={c} />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {L('supportDocs')}
      </Typography>
      <SupportDocumentList docs={c.supportDocuments} />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {L('signatures')}
      </Typography>
      <IssuedSignatures levels={c.levels} />
      <Table size="small" sx={{ mt: 2 }}>
        <TableBody>
          {fact('contentHash', c.contentHash, mono)}
          {fact('chainId', c.chainId, mono)}
        </TableBody>
      </Table>
    </Box>
  );
}
