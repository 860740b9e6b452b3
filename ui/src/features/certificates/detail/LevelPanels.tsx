import { Box, Button } from '@mui/material';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { LevelDetailPanel } from './LevelDetailPanel';
import { permittedOf } from './detail-text';

/** The levels, the current one highlighted; the current and later ones offer a change to whoever may adjust them. */
export function LevelPanels({ a, onAdjust }: { a: CertificateView; onAdjust: (levelId: string) => void }) {
  const { t } = useI18n();
  const can = permittedOf(a);
  return (
    <Box sx={{ mt: 2 }}>
      {a.approvalLevels.map((l) => {
        const current = l.level === a.stageLevel && a.status !== 'done' && a.status !== 'created';
        // the current and later levels can still be given a new due date or other signers
        const open = can.adjust && l.level >= a.stageLevel && l.status !== 'done';
        const adjust = open ? (
          <Button variant="outlined" onClick={() => onAdjust(l._id)} data-testid={`btn-adjust-${l._id}`}>
            {t('cert.inFlight.adjust')}
          </Button>
        ) : undefined;
        return <LevelDetailPanel key={l._id} level={l} current={current} actions={adjust} />;
      })}
    </Box>
  );
}
