import type { ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui/TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'readOnly' | 'autoComplete'> & {
  autoComplete: 'email' | 'username';
  editable: boolean;
};

/** The e-mail input of the auth forms: e-mail keyboard, no capitalisation or spell check, read-only while not editable. */
export function EmailField({ editable, ...rest }: Props) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`E-mail`}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      readOnly={!editable}
      {...rest}
    />
  );
}
