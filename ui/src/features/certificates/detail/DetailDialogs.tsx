import { useState } from 'react';
import type { CertificateView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { ConfirmDialog, MessageDialog } from '../../../app';
import { AdjustLevelDialog } from '../in-flight/AdjustLevelDialog';
import { WithdrawDialog } from '../in-flight/WithdrawDialog';
import { SignDialog } from './SignDialog';
import { RejectDialog } from './RejectDialog';
import { DelegateDialog } from './DelegateDialog';
import { PasskeyOfferDialog } from '../../passkeys/PasskeyOfferDialog';
import { passkeysSupported } from '../../passkeys/api';
import type { SignedBy } from './use-signing';
import type { DetailActions } from './use-detail-actions';
import type { DetailDialogs as Dialogs } from './use-detail-dialogs';

/** Every dialog of the detail page; `dialogs` says which one is open, `actions` what their answers do. */
export function DetailDialogs({ a, dialogs, actions }: { a: CertificateView; dialogs: Dialogs; actions: DetailActions }) {
  const { t } = useI18n();
  const { modal, close } = dialogs;
  // a signer who signed with the code and has no passkey is offered one, once, on this device
  const [offerPasskey, setOfferPasskey] = useState(false);
  const signed = (next: CertificateView, by: SignedBy) => {
    const offer = by === 'code' && !a.can?.passkey && passkeysSupported();
    actions.after('cert.signedOk')(next);
    if (offer) setOfferPasskey(true);
  };
  return (
    <>
      <SignDialog open={modal === 'sign'} approval={a} onClose={close} onSigned={signed} />
      <PasskeyOfferDialog open={offerPasskey} onClose={() => setOfferPasskey(false)} />
      <RejectDialog open={modal === 'reject'} approval={a} onClose={close} onDone={actions.after('cert.rejectedOk')} />
      <DelegateDialog open={modal === 'delegate'} approval={a} people={dialogs.people} onClose={close} onDone={actions.after('cert.delegatedOk')} />
      <ConfirmDialog
        open={modal === 'delete'}
        message={t('cert.confirmDelete')}
        confirmLabel={t('common.delete')}
        onConfirm={() => void actions.remove()}
        onCancel={close}
      />
      <WithdrawDialog open={modal === 'withdraw'} onClose={close} onWithdraw={actions.withdraw} />
      <WithdrawDialog kind="revoke" open={modal === 'revoke'} onClose={close} onWithdraw={actions.revoke} />
      <AdjustLevelDialog target={dialogs.adjusting} onClose={dialogs.closeAdjust} onDone={actions.adjusted} />
      <MessageDialog open={!!dialogs.message} message={dialogs.message ?? ''} onClose={() => dialogs.say(null)} />
    </>
  );
}
