import { useState, type MutableRefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UseFormReturn } from 'react-hook-form';
import { certificatesApi } from '../api';
import { useI18n } from '../../../i18n/i18n';
import { errorText, useNotify } from '../../../app';
import { clearDraft, missingFields, toInput, type ApprovalForm, type MissingField } from './form-model';
import { checklist } from './ValidationChecklist';

/**
 * Saving and submitting the certificate form: a submit first checks what signing needs (the missing
 * fields, the checked grain image, a reason for a deviation from the standard), then the form is sent,
 * its draft dropped and the certificate shown.
 */
export function useApprovalSend(
  id: string | null,
  form: UseFormReturn<ApprovalForm>,
  lockedLevels: MutableRefObject<number>,
  imageVerified: boolean | undefined,
) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [missing, setMissing] = useState<MissingField[]>([]);

  const send = (status: 'created' | 'signing') =>
    form.handleSubmit(
      async (f) => {
        if (status === 'signing') {
          const needed = missingFields(f, {}, true);
          if (needed.length) return setMissing(needed);
          const checks = checklist(f.approvalDoc, f.supportDocs.length, f.deviationReason, imageVerified !== false);
          if (!checks.find((c) => c.key === 'grainImage')?.ok) return setMessage(t('IMAGE_VALIDATION_REQUIRED'));
          if (!checks.find((c) => c.key === 'standard')?.ok) return setMessage(t('STANDARD_DEVIATION_REASON_REQUIRED'));
        }
        setBusy(true);
        try {
          const input = toInput(f, status, lockedLevels.current);
          const r = id ? await certificatesApi.update(id, input) : await certificatesApi.create(input);
          clearDraft(id);
          notify.success(t(status === 'signing' ? 'cert.submittedOk' : 'cert.savedOk'));
          navigate(`/views/approval/detail?id=${encodeURIComponent(r.approval._id)}`);
        } catch (e) {
          setMessage(errorText(e, t));
        } finally {
          setBusy(false);
        }
      },
      (errors) => setMissing(missingFields(form.getValues(), errors, status === 'signing')),
    );

  const cancel = () => {
    clearDraft(id);
    navigate(id ? `/views/approval/detail?id=${encodeURIComponent(id)}` : '/views/approval/list');
  };

  return { send, cancel, busy, message, clearMessage: () => setMessage(null), missing, clearMissing: () => setMissing([]) };
}
