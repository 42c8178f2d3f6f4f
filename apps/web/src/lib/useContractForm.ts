import { type FormEvent, useRef, useState } from 'react';
import { type FieldErrors, type SafeParser, validate } from './formErrors';

type Values = Record<string, string | boolean>;

/**
 * Form state checked by a contract schema: errors appear on the first submit and then follow every change,
 * and a failed submit moves focus to the first invalid field.
 */
export function useContractForm<T, V extends Values>(schema: SafeParser<T>, initial: V) {
  type Field = keyof V & string;
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

  return { formRef, values, errors, setValue, parse, setError, reset };
}
