import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';

export function NotFound() {
  const { t } = useI18n();
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h3" gutterBottom>404</Typography>
      <Typography variant="h6" gutterBottom>{t('common.notFound')}</Typography>
      <Button component={Link} to="/views/approval/list" variant="contained">{t('common.back')}</Button>
    </Box>
  );
}
