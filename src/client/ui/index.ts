export { theme, media, mediaBelow, type Theme, type SpaceKey, type Breakpoint } from './theme';
export { GlobalStyle } from './global-style';
export { Button, IconButton, type ButtonProps, type ButtonVariant, type IconButtonProps } from './button';
export type { FieldError } from './field';
export { TextField, type TextFieldProps } from './text-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { SelectField, type SelectFieldProps } from './select-field';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { CodeInput, type CodeInputHandle, type CodeInputProps } from './code-input';
export { PinInput, type PinInputProps } from './pin-input';
export { Modal, ConfirmDialog, type ModalProps, type ConfirmDialogProps } from './modal';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { Card, CardTitle, PageHeader } from './card';
export { Spinner, LoadingText, EmptyState, Badge, FormError, type BadgeTone } from './feedback';
export { Stack, VisuallyHidden } from './layout';
export { VerifiedIcon } from './verified-icon';
export { CopyButton, type CopyButtonProps } from './copy-button';
export { CopyField } from './copy-field';
export { BalanceCard, formatMoney, type BalanceCardProps } from './balance-card';
export {
  EyeIcon, EyeOffIcon, CopyIcon, CheckIcon, CloseIcon, ChevronDownIcon,
  HomeIcon, ConvertIcon, WalletIcon, UserIcon, InfoIcon, SignOutIcon,
} from './icons';
export { ComboboxField, type ComboboxFieldProps } from './combobox-field';
export { dialogOpenedFrom, focusAfterNavigation, focusedElement, returnFocus } from './focus-return';
export { toast, loadToasts, useToastify } from './toast';
export { toastScope, type ToastScope } from './toast-scope';
export { focusRefusedField, refused, useRefusedSubmitToast } from './use-refused-submit-toast';
export { RefusedSubmitToast } from './refused-submit-toast';
