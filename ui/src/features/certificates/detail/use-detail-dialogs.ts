import { useEffect, useRef, useState } from 'react';
import type { CertificateView, CompanyPerson } from '@grain/domain';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText } from '../../../app/notify';
import type { AdjustTarget } from '../in-flight/AdjustLevelDialog';

/** The dialogs of the detail page that ask about the certificate as a whole; a level's change has its own (adjusting). */
export type DetailModal = 'sign' | 'reject' | 'delegate' | 'delete' | 'withdraw' | 'revoke';

/** Which dialog of the detail page is open, the people a delegation may pick, and the message dialog's text. */
export function useDetailDialogs(a: CertificateView | undefined, askedToSign: boolean) {
  const { t } = useI18n();
  const [modal, setModal] = useState<DetailModal | null>(null);
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const [people, setPeople] = useState<CompanyPerson[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  // A mail's "Review and sign" button opens the certificate with ?sign=1: its sign dialog opens at once
  // for a signer of the current level (once; anyone else just sees the certificate).
  const signOffered = useRef(false);
  useEffect(() => {
    if (!askedToSign || signOffered.current || !a) return;
    signOffered.current = true;
    if (a.can?.sign) setModal('sign');
  }, [askedToSign, a]);

  const openDelegate = async () => {
    if (!people.length) {
      try {
        setPeople((await certificatesApi.createInfo()).signers);
      } catch (e) {
        return setMessage(errorText(e, t));
      }
    }
    setModal('delegate');
  };
  // the current and later levels can be given a new due date or other signers
  const adjustLevel = (levelId: string) => {
    if (!a) return;
    const l = a.approvalLevels.find((x) => x._id === levelId)!;
    setAdjusting({
      certificateId: a._id,
      approvalNumber: a.approvalNumber,
      levelId: l._id,
      level: l.level,
      deadline: l.deadline,
      signers: l.signers.filter((x) => !x.delegatedBy).map((x) => ({ _id: x._id, fullName: x.fullName })),
      submitterId: a.submitter._id,
    });
  };
  return {
    modal,
    open: (m: DetailModal) => setModal(m),
    openDelegate,
    close: () => setModal(null),
    people,
    adjusting,
    adjustLevel,
    closeAdjust: () => setAdjusting(null),
    message,
    say: setMessage,
  };
}

export type DetailDialogs = ReturnType<typeof useDetailDialogs>;
