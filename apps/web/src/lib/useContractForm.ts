import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { type FieldErrors, type SafeParser, validate } from './formErrors';
import { useFieldMessage } from './useFieldMessage';

type Values = Record<string, string | boolean>;

/** What a text input needs from the form: its value, a change handler and its error already translated. */
export type FieldBinding = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
};

/**
 * Form state checked by a contract schema: errors appear on the first submit and then follow every change,
 * and a failed submit moves focus to the first invalid field.
 */
export function useContractForm<T, V extends Values>(schema: SafeParser<T>, initial: V) {
  type Field = keyof V & string;
  type StringField = { [K in Field]: V[K] extends string ? K : never }[Field];
  const message = useFieldMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [attempted, setAttempted] = useState(false);

  const setValue = <K extends Field>(field: K, value: V[K]) => {
    const next: V = { ...values, [field]: value };
    setValues(next);
    if (attempted) {
      const result = validate<T, Field>(schema, next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const focusFirstInvalid = () => {
    window.requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  /** Validates; returns the parsed body, or null after showing the errors. */
  const parse = (event?: FormEvent): T | null => {
    event?.preventDefault();
    setAttempted(true);
    const result = validate<T, Field>(schema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return null;
    }
    setErrors({});
    return result.data;
  };

  /** Shows an error found outside the schema (e.g. a phone number on the e-mail tab). */
  const setError = (field: Field, key: string) => {
    setErrors((current) => ({ ...current, [field]: key }));
    focusFirstInvalid();
  };

  const reset = (next: V) => {
    setValues(next);
    setErrors({});
    setAttempted(false);
  };

  /** Value, change handler and translated error of a text field; `transform` tidies what was typed. */
  const bind = (field: StringField, transform?: (value: string) => string): FieldBinding => ({
    value: values[field] as string,
    onChange: (event) => {
      const typed = event.target.value;
      setValue(field, (transform ? transform(typed) : typed) as V[StringField]);
    },
    error: message(errors[field]),
  });

  return { formRef, values, errors, setValue, parse, setError, reset, bind };
}
