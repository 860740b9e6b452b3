import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useI18n } from '../../../i18n/i18n';
import { accountsApi, type Address } from '../api';
import { addressForm, type AddressForm } from '../schemas';
import { ServerMessage, useFormMessage } from './FormKit';
import { AddressFields, emptyAddress } from './AddressFields';
import { usePlace } from '../../../app/place';

/**
 * A new address, made from inside another form (the company profile): the form behind stays as typed and
 * gets the new address chosen, instead of a trip to another page that loses it.
 */
export function NewAddressDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(a: Address): void }) {
  const { t } = useI18n();
  const { country } = usePlace();
  const { control, handleSubmit, reset, formState, setError } = useForm<AddressForm>({
    resolver: zodResolver(addressForm),
    mode: 'onTouched',
    defaultValues: emptyAddress(country),
  });
  const msg = useFormMessage<AddressForm>('PLEASE_REINPUT_INFO', setError);
  const close = () => {
    reset();
    msg.setMessage('');
    onClose();
  };
  const onSubmit = async (v: AddressForm) => {
    msg.setMessage('');
    try {
      onCreated(await accountsApi.createAddress(v));
      close();
    } catch (e) {
      msg.fromServer(e);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="new-address-title" data-testid="new-address-dialog">
      {/* its own form element: submitting it must not submit the company form it opens from */}
      <form onSubmit={(e) => void handleSubmit(onSubmit, msg.fromInvalid)(e)} noValidate aria-label={t('acc.address.createTitle')}>
        <DialogTitle id="new-address-title">{t('acc.address.createTitle')}</DialogTitle>
        <DialogContent>
          <AddressFields control={control} />
          <ServerMessage text={msg.message} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="new-address-submit">
            {t('common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
