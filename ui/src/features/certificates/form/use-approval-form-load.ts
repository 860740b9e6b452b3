import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UseFormReset } from 'react-hook-form';
import type { CertificateFormInfo, CertificateView, CompanyPerson } from '@grain/domain';
import { certificatesApi } from '../api';
import { useNotify } from '../../../app';
import { useLoad } from '../../../app/use-load';
import { emptyForm, formFromApproval, loadDraft, type ApprovalForm } from './form-model';

export interface ApprovalFormData {
  people: CompanyPerson[];
  farmInUse: NonNullable<CertificateFormInfo['farmRecordsInUse']>;
  existing: CertificateView | null;
  /** The form holds its start values (the draft, the certificate or an empty form). */
  ready: boolean;
}

/**
 * Loads what the certificate form needs (the signers, the farm records other certificates hold, the
 * certificate being changed) through the one loading hook, and puts the draft or the certificate in the
 * form. A failed load is told and the list shown.
 */
export function useApprovalFormLoad(id: string | null, reset: UseFormReset<ApprovalForm>): ApprovalFormData {
  const notify = useNotify();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const { data, error } = useLoad(async () => {
    const info = await certificatesApi.createInfo();
    const existing = id ? (await certificatesApi.get(id)).approval : null;
    return { info, existing };
  }, [id]);
  useEffect(() => {
    if (!data) return;
    reset(loadDraft(id) ?? (data.existing ? formFromApproval(data.existing) : emptyForm(data.info.approvalNumber)));
    setReady(true);
  }, [data, id, reset]);
  useEffect(() => {
    if (!error) return;
    notify.error(error);
    navigate('/views/approval/list');
  }, [error, notify, navigate]);
  return {
    people: data?.info.signers ?? [],
    farmInUse: data?.info.farmRecordsInUse ?? [],
    existing: data?.existing ?? null,
    ready,
  };
}
