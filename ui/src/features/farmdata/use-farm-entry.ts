import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkAgainstStandard } from '@grain/domain';
import { useNotify } from '../../app';
import { useI18n } from '../../i18n/i18n';
import { useCompanyToday } from '../../app/place';
import { farmApi } from './api';
import { shortHash } from './format';
import { farmEntryErrors, newFarmEntry, type FarmEntry } from './farm-entry';

/**
 * The manual entry form's state: the values typed, each field's error after a refused submit, and the
 * submit that checks the entry as the server will, saves it (telling the transaction, and when it is out
 * of its grade's standard) and goes back to the list.
 */
export function useFarmEntry() {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  // the company's calendar day: a production date after it cannot be true (the server's rule too)
  const today = useCompanyToday();
  const [v, setV] = useState<FarmEntry>(() => newFarmEntry(today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof FarmEntry) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const refused = farmEntryErrors(v, today);
    setErrors(refused);
    if (Object.keys(refused).length) return;
    setBusy(true);
    try {
      const saved = await farmApi.create({ ...v, dataType: 'Manual' });
      notify.success(t('farm.saved', { tx: shortHash(saved.txId) || t('farm.txPending') }));
      if (checkAgainstStandard(saved).result === 'fail') notify.warning(t('farm.savedOutOfStandard'));
      navigate('/views/farmdata/harvesting/list');
    } catch (err) {
      notify.error(err);
    } finally {
      setBusy(false);
    }
  };
  return { v, set, errors, busy, submit };
}
