import { Box, Typography } from '@mui/material';
import type { PublicVerifyAnswer } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';

const pre = { m: 0, p: 1, bgcolor: 'grey.100', fontSize: 11, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/**
 * The signers' personal digital signatures as the public record states them, for a buyer to check with
 * openssl (docs/verifying-a-certificate.md): the signed text, the value, the signer's certificate and the
 * company CA. Shown only for signatures made with a personal key.
 */
export function DigitalSignatures({ levels }: { levels: PublicVerifyAnswer['approval']['approvalLevels'] }) {
  const { t } = useI18n();
  const signed = levels.flatMap((l) => l.signed.filter((e) => e.digitalSignature).map((e) => ({ level: l.level, ...e })));
  if (signed.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="verify-digital-signatures">
      <Typography variant="subtitle2">{t('cert.verify.digitalSignatures')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('cert.verify.digitalSignaturesExplained')}
      </Typography>
      {signed.map((e) => {
        const d = e.digitalSignature!;
        return (
          <Box component="details" key={`${e.level}-${d.keyId}-${e.at}`} sx={{ mt: 1 }}>
            <Box component="summary" sx={{ cursor: 'pointer' }}>
              <Typography variant="body2" component="span">
                {t('cert.level')} {e.level} · {e.name} · {t('cert.verify.key')} {d.keyId}
              </Typography>
            </Box>
            <Typography variant="caption">{t('cert.verify.signedText')}</Typography>
            <Box component="pre" sx={pre}>
              {d.signedText}
            </Box>
            <Typography variant="caption">{t('cert.verify.signatureValue')}</Typography>
            <Box component="pre" sx={pre}>
              {d.value}
            </Box>
            <Typography variant="caption">{t('cert.verify.signerCertificate')}</Typography>
            <Box component="pre" sx={pre}>
              {d.certificate ?? '—'}
            </Box>
            <Typography variant="caption">{t('cert.verify.companyCa')}</Typography>
            <Box component="pre" sx={pre}>
              {d.caCertificate ?? '—'}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The signers' passkey signatures as the public record states them: the statement (whose sha256 is the
 * challenge), the authenticator's data, the client data, the signature and the passkey's public key.
 */
export function PasskeySignatures({ levels }: { levels: PublicVerifyAnswer['approval']['approvalLevels'] }) {
  const { t } = useI18n();
  const signed = levels.flatMap((l) => l.signed.filter((e) => e.passkeySignature).map((e) => ({ level: l.level, ...e })));
  if (signed.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="verify-passkey-signatures">
      <Typography variant="subtitle2">{t('cert.verify.passkeySignatures')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('cert.verify.passkeySignaturesExplained')}
      </Typography>
      {signed.map((e) => {
        const p = e.passkeySignature!;
        const part = (label: string, value: string | null) => (
          <>
            <Typography variant="caption">{label}</Typography>
            <Box component="pre" sx={pre}>
              {value ?? '—'}
            </Box>
          </>
        );
        return (
          <Box component="details" key={`${e.level}-${p.keyId}-${e.at}`} sx={{ mt: 1 }}>
            <Box component="summary" sx={{ cursor: 'pointer' }}>
              <Typography variant="body2" component="span">
                {t('cert.level')} {e.level} · {e.name} · {p.algorithm ?? ''}
              </Typography>
            </Box>
            {part(t('cert.verify.statement'), p.statement)}
            {part(t('cert.verify.authenticatorData'), p.authenticatorData)}
            {part(t('cert.verify.clientDataJSON'), p.clientDataJSON)}
            {part(t('cert.verify.passkeySignature'), p.signature)}
            {part(t('cert.verify.passkeyPublicKey'), p.publicKey)}
          </Box>
        );
      })}
    </Box>
  );
}
