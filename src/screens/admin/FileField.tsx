import { FileInput, type FileInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/**
 * The console's file field: Mantine's FileInput saying "Choose a file…" until one is chosen (its
 * empty box read as a text field), in the dimmed colour of `.mantine-FileInput-placeholder`.
 */
export function FileField(props: FileInputProps) {
  const { t } = useLingui();
  return <FileInput placeholder={t({ id: 'admin.file.choose', message: 'Choose a file…' })} {...props} />;
}
