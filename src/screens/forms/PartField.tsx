import type { ReactNode } from 'react';
import { Button, Checkbox, Radio, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormPart, FormValue } from '../../forms';
import { choiceCountHint, formMessages, numberHint, ratingStarMessage, textLengthHint } from './formMessages';
import { DateField } from './DateField';
import classes from './FormsScreen.module.css';
import { partDomId } from './partDomId';

export { partDomId };

export interface PartFieldProps {
  part: FormPart;
  value: FormValue | undefined;
  /** The part's error in the member's language, when errors are shown. */
  error?: string;
  disabled?: boolean;
  onChange: (value: FormValue | undefined) => void;
}

/** The DOM id of a part's input (or of its fieldset): the focus target when it is in error. */

const joinIds = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

/**
 * One question of a questionnaire, by its type. Choices and ratings are fieldsets whose legend is
 * the question; the help and the error are tied to the fieldset or input with aria-describedby.
 */
export function PartField(props: PartFieldProps) {
  switch (props.part.type) {
    case 'singleChoice':
    case 'multipleChoice':
    case 'rating':
      return <GroupField {...props} />;
    default:
      return <InputField {...props} />;
  }
}

/**
 * The help the questionnaire gives, or else a hint about the part's limits (an operator's help
 * usually states them already, in its own words).
 */
function useDescription(part: FormPart): string | undefined {
  const { i18n } = useLingui();
  if (part.help) return part.help;
  const hint =
    part.type === 'multipleChoice'
      ? choiceCountHint(part)
      : part.type === 'number'
        ? numberHint(part)
        : part.type === 'text'
          ? textLengthHint(part)
          : null;
  return hint ? i18n._(hint) : undefined;
}

function InputField({ part, value, error, disabled, onChange }: PartFieldProps) {
  const description = useDescription(part);
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const common = {
    id: partDomId(part.id),
    label: part.label,
    description,
    error,
    required: part.required,
    disabled,
    value: text,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  };
  switch (part.type) {
    case 'text':
      return part.multiline ? <Textarea {...common} size="md" rows={4} resize="vertical" /> : <TextInput {...common} />;
    case 'number':
      return <TextInput {...common} inputMode={part.integer ? 'numeric' : 'decimal'} autoComplete="off" />;
    case 'date':
      return <DateField {...common} value={text} onChange={(value) => onChange(value)} min={part.min} max={part.max} />;
    default:
      return null;
  }
}

function GroupField({ part, value, error, disabled, onChange }: PartFieldProps) {
  const { i18n } = useLingui();
  const description = useDescription(part);
  const id = partDomId(part.id);
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  let control: ReactNode = null;
  if (part.type === 'singleChoice') {
    control = (
      <Stack gap="xs">
        {part.options.map((option) => (
          <Radio
            key={option.value}
            name={id}
            value={option.value}
            label={option.label}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
        ))}
      </Stack>
    );
  } else if (part.type === 'multipleChoice') {
    const picked = Array.isArray(value) ? value : [];
    control = (
      <Stack gap="xs">
        {part.options.map((option) => (
          <Checkbox
            key={option.value}
            value={option.value}
            label={option.label}
            checked={picked.includes(option.value)}
            disabled={disabled}
            onChange={(event) =>
              onChange(
                event.currentTarget.checked ? [...picked, option.value] : picked.filter((v) => v !== option.value),
              )
            }
          />
        ))}
      </Stack>
    );
  } else if (part.type === 'rating') {
    const rating = typeof value === 'number' ? value : 0;
    control = (
      <div className={classes.stars}>
        {Array.from({ length: part.max }, (_, i) => i + 1).map((star) => (
          <label key={star} className={classes.star} data-filled={star <= rating || undefined}>
            <input
              type="radio"
              className={classes.starInput}
              name={id}
              value={star}
              checked={rating === star}
              disabled={disabled}
              onChange={() => onChange(star)}
            />
            <span aria-hidden="true">{star <= rating ? '★' : '☆'}</span>
            <VisuallyHidden>{i18n._(ratingStarMessage(star, part.max))}</VisuallyHidden>
          </label>
        ))}
        {!part.required && rating > 0 && (
          <Button variant="subtle" size="compact-sm" disabled={disabled} onClick={() => onChange(undefined)} ml="xs" style={{ alignSelf: 'center' }}>
            <Trans id="pages.forms.clearRating">Clear rating</Trans>
          </Button>
        )}
      </div>
    );
  }

  return (
    <fieldset id={id} className={classes.part} aria-describedby={joinIds(descriptionId, errorId)} disabled={disabled}>
      <legend className={classes.legend}>
        {part.label}
        {part.required && (
          <>
            <span className={classes.asterisk} aria-hidden="true">
              *
            </span>
            <VisuallyHidden>{i18n._(formMessages.requiredMark)}</VisuallyHidden>
          </>
        )}
      </legend>
      <Stack gap="xs">
        {description && (
          <Text id={descriptionId} size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {control}
        {error && (
          <Text id={errorId} size="sm" c="var(--mantine-color-error)">
            {error}
          </Text>
        )}
      </Stack>
    </fieldset>
  );
}
