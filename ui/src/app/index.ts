// What the shell offers every feature (see README.md).
export { useAuth } from './auth';
export { useNotify, errorText } from './notify';
export { MessageDialog, ConfirmDialog } from './MessageDialog';
export { Page } from './Layout';
export { LanguageSwitch } from './LanguageSwitch';
export { RowCards, useCardLayout } from './RowCards';
