/** A form over stored settings: its values, their field errors, and a reset on outside changes. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Settings } from "@/lib/state/settings";

/**
 * `formFrom` reads the form's values from the settings; `stored` lists the settings it shows.
 * When those change elsewhere (another tab, an import) the form shows the stored values again.
 */
export function useSettingsForm<Form, Field extends string>(
  settings: Settings,
  formFrom: (settings: Settings) => Form,
  stored: unknown[],
) {
  const [form, setForm] = useState<Form>(() => formFrom(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const storedKey = JSON.stringify(stored);
  const lastStored = useRef(storedKey);
  useEffect(() => {
    if (storedKey === lastStored.current) return;
    lastStored.current = storedKey;
    setForm(formFrom(settings));
  }, [storedKey, settings, formFrom]);

  /** A change by the user clears the errors until the next check. */
  const update = (change: Partial<Form>) => {
    setForm({ ...form, ...change });
    setErrors({});
  };

  return { form, setForm, update, errors, setErrors };
}
